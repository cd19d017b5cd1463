using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class TaskKeysTests
{
    private static TaskKeys CreateSut(int? keySpace, int batchSize = 20, long partitionCycle = 1) =>
        new("tl", instance: 0, process: 1, task: 2, batchSize, keySpace, partitionCycle, "run.abcd0123");

    private static IEnumerable<string> Keys(BatchIdentity batch, int count) => Enumerable.Range(0, count).Select(batch.RowKey);

    [Fact]
    public void For_WithoutKeySpace_EveryBatchHasNewKeys_AndTheProcesssNonce()
    {
        var sut = CreateSut(keySpace: null);

        var batches = Enumerable.Range(0, 5).Select(s => sut.For(s, "tl")).ToList();

        Assert.Equal(100, batches.SelectMany(b => Keys(b, 20)).Distinct().Count());
        Assert.All(batches, b => Assert.Equal("run.abcd0123", b.Nonce));
        Assert.Equal("tl-000-001-0002-0000000003-007", batches[3].RowKey(7));
    }

    [Fact]
    public void For_KeySpace_CyclesOverItsKeys_WrappingInsideABatch()
    {
        var sut = CreateSut(keySpace: 50);

        var keys = Enumerable.Range(0, 3).Select(s => Keys(sut.For(s, "tl"), 20).ToList()).ToList();

        Assert.Equal(Enumerable.Range(0, 20).Select(k => $"tl-000-001-0002-{k:D8}"), keys[0]);
        Assert.Equal(Enumerable.Range(20, 20).Select(k => $"tl-000-001-0002-{k:D8}"), keys[1]);
        Assert.Equal(Enumerable.Range(40, 10).Concat(Enumerable.Range(0, 10)).Select(k => $"tl-000-001-0002-{k:D8}"), keys[2]);
    }

    [Theory]
    [InlineData(20, 20)]
    [InlineData(21, 20)]
    [InlineData(50, 20)]
    [InlineData(100, 100)]
    [InlineData(101, 100)]
    [InlineData(7, 1)]
    public void For_KeySpaceAtLeastTheBatch_NoBatchHoldsAKeyTwice_AndEveryKeyIsWritten(int keySpace, int batchSize)
    {
        var sut = CreateSut(keySpace, batchSize);

        var batches = Enumerable.Range(0, 3 * keySpace).Select(s => Keys(sut.For(s, "tl"), batchSize).ToList()).ToList();

        Assert.All(batches, keys => Assert.Equal(batchSize, keys.Distinct().Count()));
        Assert.Equal(keySpace, batches.SelectMany(k => k).Distinct().Count());
    }

    [Fact]
    public void For_KeySpace_EachBatchHasANonceOfItsOwn_OfTheDeclaredLength()
    {
        var sut = CreateSut(keySpace: 50);

        var nonces = Enumerable.Range(0, 10).Select(s => sut.For(s, "tl").Nonce).ToList();

        Assert.Equal(10, nonces.Distinct().Count());
        Assert.All(nonces, n => Assert.Equal("run.abcd0123".Length + TaskKeys.CycleNonceSuffixLength, n.Length));
    }

    [Fact]
    public void For_SpreadPartitions_EachPartitionCyclesOverTheWholeKeySpace()
    {
        var spread = new PartitionStrategy.Spread(4);
        var sut = CreateSut(keySpace: 40, batchSize: 20, partitionCycle: spread.Cycle(tasksPerProcess: 2));

        var written = Enumerable.Range(0, 40)
            .Select(s => sut.For(s, spread.PartitionKey("tl", 1, 2, s, 2)))
            .SelectMany(b => Keys(b, 20).Select(k => (b.PartitionKey, k)))
            .GroupBy(e => e.PartitionKey, e => e.k);

        Assert.All(written, partition => Assert.Equal(40, partition.Distinct().Count()));
        Assert.Equal(2, written.Count());
    }

    [Fact]
    public void Stored_CountsEachKeyOnce_HoweverOftenItIsRewritten()
    {
        var sut = CreateSut(keySpace: 50);

        var added = Enumerable.Range(0, 10).Select(s => sut.Stored(s, sut.For(s, "tl"), 20)).ToList();

        Assert.Equal([20, 20, 10, 0, 0, 0, 0, 0, 0, 0], added);
    }

    [Fact]
    public void Stored_KeysOfAFailedBatch_CountWhenALaterBatchWritesThem()
    {
        var sut = CreateSut(keySpace: 40);

        // Batch 0 (keys 0-19) failed, so it is not stored; batch 2 writes the same keys later.
        var added = new[] { 1, 2 }.Select(s => sut.Stored(s, sut.For(s, "tl"), 20)).ToList();

        Assert.Equal([20, 20], added);
        Assert.Equal(0, sut.Stored(3, sut.For(3, "tl"), 20));
    }

    [Fact]
    public void Stored_WithoutKeySpace_EveryKeyIsNew() =>
        Assert.Equal(20, CreateSut(keySpace: null).Stored(4, CreateSut(keySpace: null).For(4, "tl"), 20));

    [Theory]
    [InlineData(1, 12)]
    [InlineData(4, 2)]
    [InlineData(7, 3)]
    [InlineData(12, 8)]
    public void Cycle_IsWhenATaskComesBackToItsPartition(int partitions, int tasks)
    {
        var spread = new PartitionStrategy.Spread(partitions);

        var cycle = spread.Cycle(tasks);

        Assert.Equal(spread.PartitionKey("tl", 0, 1, 0, tasks), spread.PartitionKey("tl", 0, 1, cycle, tasks));
        Assert.All(Enumerable.Range(1, (int)cycle - 1), k => Assert.NotEqual(spread.PartitionKey("tl", 0, 1, 0, tasks), spread.PartitionKey("tl", 0, 1, k, tasks)));
    }
}
