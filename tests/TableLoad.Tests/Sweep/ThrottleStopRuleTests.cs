using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Measurement;
using TableLoad.Sweep;

namespace TableLoad.Tests.Sweep;

public sealed class ThrottleStopRuleTests
{
    private static readonly SweepKnobs TasksBySize = new([BatchClientKind.Sdk], ["tuned"], [1], [4, 12, 32], [10, 100], [EntityShape.OfSize(1024)], ["single"], [null]);

    private static ThrottleStopRule CreateSut(SweepKnobs? knobs = null, double? limit = 5) => new(knobs ?? TasksBySize, limit);

    // 100 batches of the cell's size, of which `throttled` were throttled.
    private static SweepRow Row(SweepCell cell, long throttled) => new()
    {
        Cell = cell,
        Min = 1, Median = 2, Mean = 2, Max = 3, P90 = 2, P95 = 2, P99 = 3,
        PeakEntitiesPerSecond = 100,
        Succeeded = (100 - throttled) * cell.BatchSize.Size,
        Failed = throttled * cell.BatchSize.Size,
        Throttled = throttled,
        Timeouts = 0,
        MeanEntitiesPerSecond = 90, GoodputMbPerSecond = 0.1, ClientCpuSeconds = 1,
        Saturated = false,
        Status = RunStatus.Complete,
    };

    private static SweepCell Cell(int tasks, int batchSize, int repeat = 1) => new(BatchClientKind.Sdk, 1, tasks, batchSize, EntityShape.OfSize(1024), "single", CellLoad.Closed, repeat);

    [Fact]
    public void Knob_IsTheInnermostKnobWithSeveralValues()
    {
        Assert.Equal(SweepKnob.BatchSize, CreateSut().Knob);
    }

    [Fact]
    public void Knob_NoLimit_IsNone_AndNothingIsSkipped()
    {
        var sut = CreateSut(limit: null);

        Assert.False(sut.Observe(Row(Cell(4, 10), throttled: 100)));
        Assert.Null(sut.StoppedBy(Cell(4, 100)));
    }

    [Fact]
    public void Observe_ThrottlingOverTheLimit_SkipsTheLaterValuesOfTheInnermostKnob_ForTheSameOuterKnobs()
    {
        var sut = CreateSut();

        Assert.True(sut.Observe(Row(Cell(4, 10), throttled: 6)));

        Assert.Equal(Cell(4, 10), sut.StoppedBy(Cell(4, 100))?.Cell);
        Assert.Null(sut.StoppedBy(Cell(12, 10)));
        Assert.Null(sut.StoppedBy(Cell(12, 100)));
    }

    [Fact]
    public void Observe_ThrottlingAtTheLimit_DoesNotStop()
    {
        var sut = CreateSut();

        Assert.False(sut.Observe(Row(Cell(4, 10), throttled: 5)));
        Assert.Null(sut.StoppedBy(Cell(4, 100)));
    }

    [Fact]
    public void Observe_OtherRepeatPass_SearchesItsOwnKnee()
    {
        var sut = CreateSut();

        sut.Observe(Row(Cell(4, 10, repeat: 1), throttled: 50));

        Assert.Null(sut.StoppedBy(Cell(4, 100, repeat: 2)));
    }

    [Fact]
    public void Observe_RateInnermost_EndsTheRateClimbOnly()
    {
        var knobs = new SweepKnobs([BatchClientKind.Sdk], ["tuned"], [1], [4, 12], [100], [EntityShape.OfSize(1024)], ["single"], [RateTarget.Entities(1000), RateTarget.Entities(2000), RateTarget.Entities(4000)]);
        var sut = CreateSut(knobs);
        SweepCell At(int tasks, double rate) => new(BatchClientKind.Sdk, 1, tasks, 100, EntityShape.OfSize(1024), "single", CellLoad.Of(RateTarget.Entities(rate)), 1);

        sut.Observe(Row(At(4, 2000), throttled: 10));

        Assert.NotNull(sut.StoppedBy(At(4, 4000)));
        Assert.Null(sut.StoppedBy(At(12, 1000)));
        Assert.Equal(SweepKnob.Rate, sut.Knob);
    }

    [Fact]
    public void Observe_NoBatches_IsNotThrottling()
    {
        var sut = CreateSut(limit: 0);
        var empty = Row(Cell(4, 10), throttled: 0) with { Succeeded = 0, Failed = 0 };

        Assert.False(sut.Observe(empty));
    }

    [Fact]
    public void ThrottledPercent_IsThrottledBatchesOverAllMeasuredBatches()
    {
        var row = Row(Cell(4, 10), throttled: 7);

        Assert.Equal(100, row.Batches);
        Assert.Equal(7.0, row.ThrottledPercent, 9);
    }
}
