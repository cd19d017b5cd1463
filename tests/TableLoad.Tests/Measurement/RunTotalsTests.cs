using TableLoad.Measurement;

namespace TableLoad.Tests.Measurement;

public sealed class RunTotalsTests
{
    private static Window CreateWindow(long second, int succeededBatches, int rejectedBatches = 0, int entitiesPerBatch = 100)
    {
        var window = new Window();
        window.Reset(second);
        for (var i = 0; i < succeededBatches; i++)
        {
            window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), entitiesPerBatch);
            window.Latency.RecordValue(20_000);
        }

        for (var i = 0; i < rejectedBatches; i++)
        {
            window.Counts.Record(new BatchResult(BatchOutcome.Rejected, 409, "EntityAlreadyExists", 0, 1), entitiesPerBatch);
            window.Latency.RecordValue(5_000);
            window.RejectedByCode["EntityAlreadyExists"] = window.RejectedByCode.GetValueOrDefault("EntityAlreadyExists") + 1;
        }

        return window;
    }

    [Fact]
    public void OnWindow_PeakIsTheLargestMeasuredWindow()
    {
        var sut = new RunTotals();

        sut.OnWindow(CreateWindow(1, 3), warmup: false);
        sut.OnWindow(CreateWindow(2, 7), warmup: false);
        sut.OnWindow(CreateWindow(3, 5), warmup: false);

        Assert.Equal(700, sut.PeakEntitiesPerSecond);
    }

    [Fact]
    public void OnWindow_WarmupWindow_IsLeftOutOfTotalsAndPeak()
    {
        var sut = new RunTotals();

        sut.OnWindow(CreateWindow(1, 50, rejectedBatches: 2), warmup: true);
        sut.OnWindow(CreateWindow(2, 4), warmup: false);

        Assert.Equal(400, sut.PeakEntitiesPerSecond);
        Assert.Equal(4, sut.Measured.Batches);
        Assert.Equal(400, sut.Measured.EntitiesSucceeded);
        Assert.Equal(4, sut.Latency.TotalCount);
        Assert.Empty(sut.RejectedByCode);
    }

    [Fact]
    public void OnWindow_WarmupWindow_IsCountedInWarmup()
    {
        var sut = new RunTotals();

        sut.OnWindow(CreateWindow(1, 50, rejectedBatches: 2), warmup: true);
        sut.OnWindow(CreateWindow(2, 4), warmup: false);

        Assert.Equal(52, sut.Warmup.Batches);
        Assert.Equal(5_000, sut.Warmup.EntitiesSucceeded);
        Assert.Equal(200, sut.Warmup.EntitiesFailed);
    }

    [Fact]
    public void OnWindow_MeasuredWindows_AddUp()
    {
        var sut = new RunTotals();

        sut.OnWindow(CreateWindow(1, 3, rejectedBatches: 1), warmup: false);
        sut.OnWindow(CreateWindow(2, 2, rejectedBatches: 2), warmup: false);

        Assert.Equal(8, sut.Measured.Batches);
        Assert.Equal(500, sut.Measured.EntitiesSucceeded);
        Assert.Equal(300, sut.Measured.EntitiesFailed);
        Assert.Equal(3, sut.Measured[BatchOutcome.Rejected]);
        Assert.Equal(8, sut.Latency.TotalCount);
        Assert.Equal(3, sut.RejectedByCode["EntityAlreadyExists"]);
    }

    [Fact]
    public void OnWindow_OnlyFailures_PeakIsZero()
    {
        var sut = new RunTotals();

        sut.OnWindow(CreateWindow(1, 0, rejectedBatches: 5), warmup: false);

        Assert.Equal(0, sut.PeakEntitiesPerSecond);
    }
}
