using TableLoad.Measurement.Confidence;
using TableLoad.Settings;

namespace TableLoad.Measurement;

/// <summary>A stage plan on the wall clock: its second 0 is the measured period's start, and each one-second window belongs to the stage that holds its middle.</summary>
internal sealed record StageTimeline(StagePlan Plan, double MeasuredFromEpochSeconds)
{
    public static StageTimeline? Of(StagePlan? plan, RunTimeline timeline) =>
        plan is null ? null : new StageTimeline(plan, (timeline.StartEpochMicros + timeline.MeasuredStartMicros) / 1e6);

    /// <summary>The stage (from 0) of the window of <paramref name="epochSecond"/>: the first for an edge before the plan, the last for answers after it.</summary>
    public int StageOf(long epochSecond) => Plan.StageAt(Middle(epochSecond));

    /// <summary>The plan's target in the middle of the window of <paramref name="epochSecond"/>.</summary>
    public double TargetOf(long epochSecond) => Plan.TargetAt(Middle(epochSecond));

    /// <summary>The part of the measured period that stage <paramref name="stage"/> covers, the run having measured <paramref name="measuredSeconds"/>.</summary>
    public MeasuredPeriod PeriodOf(int stage, double measuredSeconds)
    {
        var end = MeasuredFromEpochSeconds + measuredSeconds;
        return new MeasuredPeriod(Math.Min(end, MeasuredFromEpochSeconds + Plan.StartOf(stage)), Math.Min(end, MeasuredFromEpochSeconds + Plan.EndOf(stage)));
    }

    private double Middle(long epochSecond) => epochSecond + 0.5 - MeasuredFromEpochSeconds;
}
