using TableLoad.Measurement;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Measurement;

public sealed class WindowTests
{
    private static Window CreateWindow(long second, int succeeded, string? rejectedCode = null)
    {
        var window = new Window();
        window.Reset(second);
        window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), succeeded);
        window.Latency.RecordValue(1_000);
        if (rejectedCode is not null)
        {
            window.RejectedByCode[rejectedCode] = 1;
        }

        return window;
    }

    [Fact]
    public void Add_MergesCountsLatencyAndRejections()
    {
        var sut = CreateWindow(10, 100, "EntityAlreadyExists");

        sut.Add(CreateWindow(10, 50, "EntityAlreadyExists"));
        sut.Add(CreateWindow(10, 25, "InvalidInput"));

        Assert.Equal(175, sut.Counts.EntitiesSucceeded);
        Assert.Equal(3, sut.Latency.TotalCount);
        Assert.Equal(2, sut.RejectedByCode["EntityAlreadyExists"]);
        Assert.Equal(1, sut.RejectedByCode["InvalidInput"]);
    }

    [Fact]
    public void Add_MergesEachSliceIntoTheSliceOfItsName()
    {
        var sut = CreateWindow(10, 100);
        sut.Slice("read").Add(CreateWindow(10, 1));
        var other = CreateWindow(10, 50);
        other.Slice("read").Add(CreateWindow(10, 2));
        other.Slice("query").Add(CreateWindow(10, 7));

        sut.Add(other);

        Assert.Equal((3L, 7L), (sut.Slice("read").Counts.EntitiesSucceeded, sut.Slice("query").Counts.EntitiesSucceeded));
        Assert.Equal(150, sut.Counts.EntitiesSucceeded);
        sut.Reset(11);
        Assert.All(sut.Slices!.Values, s => Assert.Equal((11L, 0L), (s.EpochSecond, s.Counts.EntitiesSucceeded)));
    }

    [Fact]
    public void Reset_StartsAnEmptyWindowForTheSecond()
    {
        var sut = CreateWindow(10, 100, "EntityAlreadyExists");

        sut.Reset(11);

        Assert.Equal(11, sut.EpochSecond);
        Assert.Equal(0, sut.Counts.Batches);
        Assert.Equal(0, sut.Latency.TotalCount);
        Assert.Empty(sut.RejectedByCode);
    }

    [Fact]
    public void Reset_ClearsEveryCounter()
    {
        var sut = CreateWindow(10, 100);
        sut.Counts.Add(EveryCounter.NonZero());

        sut.Reset(11);

        Assert.All(EveryCounter.Of(sut.Counts), counter => Assert.Equal(0, counter.Value));
    }
}
