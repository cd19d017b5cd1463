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
        var sut = new RequestKeys(TableOperation.Delete, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, queryLength: 1, chooser: null);
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
        var sut = new RequestKeys(operation, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, queryLength: 40, KeyChooser.Create(KeyDistribution.Uniform, 25, new Random(7)));
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
        var sut = new RequestKeys(TableOperation.UpsertReplace, Keys, batchSize: 10, keySpace: 25, partitionCycle: 2, queryLength: 1, chooser: null);

        Assert.True(sut.TryNext(4, "a", out var batch, out var count));

        Assert.Equal((Keys.For(4, "a"), 10), (batch, count));
    }
}
