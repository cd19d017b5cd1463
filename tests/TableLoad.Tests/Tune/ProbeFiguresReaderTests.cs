using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Sweep;
using TableLoad.Tune;

namespace TableLoad.Tests.Tune;

public sealed class ProbeFiguresReaderTests
{
    private static SweepRow Row(long succeeded, long failed, long throttled, double cpuSeconds = 1, double? cpuUsPerEntity = null) => new()
    {
        Cell = new SweepCell(BatchClientKind.Sdk, 1, 8, 100, EntityShape.OfSize(1024), "single", CellLoad.Closed, 1),
        Min = 1, Median = 20, Mean = 25, Max = 90, P90 = 40, P95 = 50, P99 = 80,
        PeakEntitiesPerSecond = 5000, Succeeded = succeeded, Failed = failed, Throttled = throttled, Timeouts = 0,
        MeanEntitiesPerSecond = 4000, GoodputMbPerSecond = 4, ClientCpuSeconds = cpuSeconds, ClientCpuUsPerEntity = cpuUsPerEntity, Saturated = false, Status = RunStatus.Complete,
    };

    [Fact]
    public void ThrottledBatches_AreJudgedAsThrottled_NotAlsoAsFailures()
    {
        // 5 of 100 batches throttled (without retries their 500 entities failed), and nothing else failed.
        var figures = ProbeFiguresReader.From(Row(succeeded: 9_500, failed: 500, throttled: 5));

        Assert.Equal(5, figures.ThrottledPercent);
        Assert.Equal(0, figures.FailedPercent);
        Assert.Equal(ProbeVerdict.Throttled, ProbeJudge.Judge(figures, new TuneConstraints(null, 1, 1)));
    }

    [Fact]
    public void FailuresBeyondTheThrottled_AreFailures()
    {
        var figures = ProbeFiguresReader.From(Row(succeeded: 9_700, failed: 300, throttled: 1));

        Assert.Equal(2, figures.FailedPercent, precision: 9);
        Assert.Equal(ProbeVerdict.Failures, ProbeJudge.Judge(figures, new TuneConstraints(null, 5, 1)));
    }

    [Fact]
    public void CpuPerEntity_IsTheSummarysFigure_NotTheCpuOverTheMeasuredEntitiesAlone()
    {
        // The CPU includes the warm-up's; the summary's figure divides it by the warm-up's entities too.
        var figures = ProbeFiguresReader.From(Row(succeeded: 20_000, failed: 0, throttled: 0, cpuSeconds: 0.5, cpuUsPerEntity: 21.5));

        Assert.Equal(21.5, figures.CpuMicrosecondsPerEntity);
        Assert.Equal(4000, figures.EntitiesPerSecond);
        Assert.Equal((20, 80), (figures.P50Ms, figures.P99Ms));
    }
}
