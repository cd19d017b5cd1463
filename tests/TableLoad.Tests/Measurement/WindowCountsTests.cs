using TableLoad.Measurement;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Measurement;

public sealed class WindowCountsTests
{
    private static BatchResult Result(BatchOutcome outcome, int attempts = 1) => new(outcome, null, null, null, attempts);

    [Fact]
    public void Record_CountsBatchesAttemptsOutcomesAndEntities()
    {
        var sut = new WindowCounts();

        sut.Record(Result(BatchOutcome.Succeeded), 100);
        sut.Record(Result(BatchOutcome.Succeeded, attempts: 3), 100);
        sut.Record(Result(BatchOutcome.ServerBusy, attempts: 2), 50);

        Assert.Equal(3, sut.Batches);
        Assert.Equal(6, sut.Attempts);
        Assert.Equal(200, sut.EntitiesSucceeded);
        Assert.Equal(50, sut.EntitiesFailed);
        Assert.Equal(2, sut[BatchOutcome.Succeeded]);
        Assert.Equal(1, sut[BatchOutcome.ServerBusy]);
        Assert.Equal(0, sut[BatchOutcome.Rejected]);
    }

    [Fact]
    public void Add_SumsEveryCount()
    {
        var sut = new WindowCounts();
        sut.Record(Result(BatchOutcome.Succeeded), 10);
        var other = new WindowCounts();
        other.Record(Result(BatchOutcome.Rejected), 20);
        other.Record(Result(BatchOutcome.Succeeded, attempts: 2), 30);

        sut.Add(other);

        Assert.Equal(3, sut.Batches);
        Assert.Equal(4, sut.Attempts);
        Assert.Equal(40, sut.EntitiesSucceeded);
        Assert.Equal(20, sut.EntitiesFailed);
        Assert.Equal(2, sut[BatchOutcome.Succeeded]);
        Assert.Equal(1, sut[BatchOutcome.Rejected]);
    }

    [Fact]
    public void Add_OfCountsWithEveryCounterSet_SumsEveryCounter()
    {
        var sut = EveryCounter.NonZero();

        sut.Add(EveryCounter.NonZero(scale: 10));

        Assert.Equal(EveryCounter.Of(EveryCounter.NonZero(scale: 11)), EveryCounter.Of(sut));
    }

    [Fact]
    public void ByOutcome_OfAnotherLength_IsRefused()
    {
        Assert.Throws<FormatException>(() => new WindowCounts { ByOutcome = new long[OutcomeTable.Count + 1] });
    }
}
