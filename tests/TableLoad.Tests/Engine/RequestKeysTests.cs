using TableLoad.Engine;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Tests.Engine;

/// <summary>Which keys each operation's next request names.</summary>
public sealed class RequestKeysTests
{
    private static readonly TaskKeys Keys = new("tl", 0, 0, 1, batchSize: 10, keySpace: 25, partitionCycle: 2, "n");

    [Fact]
    public void Deletes_TakeEachPartitionsKeysInOrder_EachOnce_ThenEnd()
    {
        var sut = new RequestKeys(TableOperation.Delete, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, query: QueryShape.Default, chooser: null, new Random(1));
        var deleted = new Dictionary<string, List<int>> { ["a"] = [], ["b"] = [] };

        long sequence = 0;
        for (; sut.TryNext(sequence, sequence % 2 == 0 ? "a" : "b", out var batch, out var count); sequence++)
        {
            deleted[batch.PartitionKey].AddRange(Enumerable.Range(0, count).Select(batch.KeyNumber));
        }

        // Two partitions of 25 keys in batches of up to 10: three visits each, the last of 5 keys.
        Assert.Equal(6, sequence);
        Assert.All(deleted.Values, keys => Assert.Equal(Enumerable.Range(0, 25), keys));
    }

    [Theory]
    [InlineData("read", 1)]
    [InlineData("query", 40)]
    public void ReadsAndQueries_DrawTheirFirstKeyFromTheWholeKeySpace(string name, int expectedCount)
    {
        Assert.True(TableOperationNames.TryParse(name, out var operation));
        var sut = new RequestKeys(operation, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, query: new QueryShape(40, 1000), KeyChooser.Create(KeyDistribution.Uniform, 25, new Random(7)), new Random(7));
        var firsts = new HashSet<int>();

        for (long sequence = 0; sequence < 2_000; sequence++)
        {
            Assert.True(sut.TryNext(sequence, "a", out var batch, out var count));
            Assert.Equal(expectedCount, count);
            firsts.Add(batch.KeyNumber(0));
        }

        Assert.Equal(Enumerable.Range(0, 25), firsts.Order());
    }

    [Fact]
    public void Writes_NameTheBatchTaskKeysGives()
    {
        var sut = new RequestKeys(TableOperation.UpsertReplace, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, query: QueryShape.Default, chooser: null, new Random(1));

        Assert.True(sut.TryNext(4, "a", out var batch, out var count));

        Assert.Equal((Keys.For(4, "a"), 10), (batch, count));
    }

    [Fact]
    public void Queries_OfARange_EachDrawALengthWithinIt_EveryLengthOfIt()
    {
        var sut = new RequestKeys(TableOperation.Query, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, query: new QueryShape(100, 1000) { ShortestLength = 1 },
            KeyChooser.Create(KeyDistribution.Uniform, 25, new Random(7)), new Random(11));
        var lengths = new HashSet<int>();

        for (long sequence = 0; sequence < 5_000; sequence++)
        {
            Assert.True(sut.TryNext(sequence, "a", out _, out var count));
            lengths.Add(count);
        }

        Assert.Equal(Enumerable.Range(1, 100), lengths.Order());
    }

    [Fact]
    public void InsertsOfAMix_WriteEachPartitionsNextKeysBeyondTheKeySpace_InOrder_EachOnce()
    {
        var inserted = new InsertedKeys(keySpace: 25, batchSize: 10, partitionCycle: 2);
        var sut = new RequestKeys(TableOperation.Insert, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, QueryShape.Default, chooser: null, new Random(1), inserted);
        var written = new Dictionary<string, List<int>> { ["a"] = [], ["b"] = [] };

        for (long sequence = 0; sequence < 8; sequence++)
        {
            Assert.True(sut.TryNext(sequence, sequence % 2 == 0 ? "a" : "b", out var batch, out var count));
            written[batch.PartitionKey].AddRange(Enumerable.Range(0, count).Select(batch.KeyNumber));
            inserted.Add(sequence, count);
        }

        Assert.All(written.Values, keys => Assert.Equal(Enumerable.Range(25, 40), keys));
        Assert.Equal("tl-000-000-0001-00000064", Keys.Unwrapped("a", 64).RowKey(0));
    }

    [Fact]
    public void InsertOfAMix_NotStored_LeavesItsKeysToTheNextInsertOfThePartition()
    {
        var inserted = new InsertedKeys(keySpace: 25, batchSize: 1, partitionCycle: 2);

        Assert.Equal(25, inserted.NextInsert(0));
        Assert.Equal(25, inserted.NextInsert(2));
        inserted.Add(2, 1);

        Assert.Equal(26, inserted.NextInsert(4));
        Assert.Equal(25, inserted.NextInsert(1));
    }

    [Fact]
    public void DrawsOfAMix_ThatInserts_GoOverTheKeysStoredInTheirOwnPartition()
    {
        var inserted = new InsertedKeys(keySpace: 25, batchSize: 5, partitionCycle: 2);
        var chooser = KeyChooser.OverStored(KeyDistribution.Uniform, 25, new Random(7), () => inserted.Stored);
        var sut = new RequestKeys(TableOperation.Read, Keys, batchSize: 5, keySpace: 25, partitionCycle: 2, QueryShape.Default, chooser, new Random(7), inserted);
        inserted.Add(0, 5);
        inserted.Add(2, 5);
        var drawn = new Dictionary<string, HashSet<int>> { ["a"] = [], ["b"] = [] };

        for (long sequence = 0; sequence < 4_000; sequence++)
        {
            Assert.True(sut.TryNext(sequence, sequence % 2 == 0 ? "a" : "b", out var batch, out _));
            drawn[batch.PartitionKey].Add(batch.KeyNumber(0));
        }

        // Partition a (slot 0) holds the key space and two inserts of 5; partition b only the key space.
        Assert.Equal(Enumerable.Range(0, 35), drawn["a"].Order());
        Assert.Equal(Enumerable.Range(0, 25), drawn["b"].Order());
    }
}
