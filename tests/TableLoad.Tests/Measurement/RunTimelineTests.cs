using TableLoad.Measurement;

namespace TableLoad.Tests.Measurement;

public sealed class RunTimelineTests
{
    private const long StartSecond = 1_700_000_000;
    private const long StartMicros = (StartSecond * 1_000_000) + 300_000;

    [Fact]
    public void Create_NoWarmup_MeasuresFromTheStart()
    {
        var timeline = RunTimeline.Create(StartMicros, TimeSpan.Zero, TimeSpan.FromSeconds(60));

        Assert.Equal(0, timeline.MeasuredStartMicros);
        Assert.Equal(60_000_000, timeline.StopMicros);
        Assert.Equal(StartSecond, timeline.WarmupEndEpochSecond);
    }

    [Fact]
    public void Create_NoWarmup_TheFirstSecondIsNotWarmup() =>
        Assert.False(StartSecond < RunTimeline.Create(StartMicros, TimeSpan.Zero, TimeSpan.FromSeconds(60)).WarmupEndEpochSecond);

    [Fact]
    public void Create_Warmup_EndsAtTheNextWholeSecondAfterIt()
    {
        var timeline = RunTimeline.Create(StartMicros, TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(60));

        Assert.Equal(StartSecond + 6, timeline.WarmupEndEpochSecond);
        Assert.Equal(5_700_000, timeline.MeasuredStartMicros);
        Assert.Equal(65_700_000, timeline.StopMicros);
    }

    [Fact]
    public void Create_WarmupEndingOnAWholeSecond_EndsThere()
    {
        var timeline = RunTimeline.Create(StartSecond * 1_000_000, TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(10));

        Assert.Equal(StartSecond + 5, timeline.WarmupEndEpochSecond);
        Assert.Equal(5_000_000, timeline.MeasuredStartMicros);
    }

    [Fact]
    public void StartEpochSecond_TruncatesTheStart() =>
        Assert.Equal(StartSecond, RunTimeline.Create(StartMicros, TimeSpan.Zero, TimeSpan.FromSeconds(1)).StartEpochSecond);

    [Theory]
    [InlineData(65_700_000, 60.0)]
    [InlineData(68_000_000, 60.0)]
    [InlineData(6_200_000, 0.5)]
    [InlineData(5_700_000, 0.0)]
    [InlineData(1_000_000, 0.0)]
    public void MeasuredSeconds_CountsOnlyFromWarmupEndToStop(long endMicros, double expected)
    {
        var timeline = RunTimeline.Create(StartMicros, TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(60));

        Assert.Equal(expected, timeline.MeasuredSeconds(endMicros), precision: 9);
    }
}
