using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement;

/// <summary>Adds up the measured windows of each stage of a plan, as <see cref="RunTotals"/> does for the whole run.</summary>
internal sealed class StageTotals(StageTimeline timeline) : IWindowSink
{
    /// <summary>One stage's measured seconds.</summary>
    private sealed class Totals
    {
        public WindowCounts Counts { get; } = new();

        public LatencyHistogram Latency { get; } = new();

        public SecondBlocks Blocks { get; } = new();

        public long Peak { get; set; }
    }

    private readonly Totals[] _stages = [.. timeline.Plan.Stages.Select(_ => new Totals())];

    public void OnWindow(Window window, bool warmup)
    {
        if (warmup)
        {
            return;
        }

        var stage = _stages[timeline.StageOf(window.EpochSecond)];
        stage.Counts.Add(window.Counts);
        stage.Latency.Add(window.Latency);
        stage.Blocks.Add(window);
        stage.Peak = Math.Max(stage.Peak, window.Counts.EntitiesSucceeded);
    }

    /// <summary>Every stage's figures, the run having measured <paramref name="measuredSeconds"/>; a stage not reached has zeros.</summary>
    public IReadOnlyList<StageSummary> Summaries(double measuredSeconds) => [.. _stages.Select((totals, i) => Summary(i, totals, timeline.PeriodOf(i, measuredSeconds), measuredSeconds))];

    // A stage ends where the run did when it stopped first: its end and target are the plan's at that second.
    private StageSummary Summary(int i, Totals totals, MeasuredPeriod period, double measuredSeconds)
    {
        var counts = totals.Counts;
        var plan = timeline.Plan;
        var (start, end) = (Reached(plan.StartOf(i), measuredSeconds), Reached(plan.EndOf(i), measuredSeconds));
        return new StageSummary
        {
            Stage = i + 1,
            StartS = start,
            EndS = end,
            StartTarget = start < plan.StartOf(i) ? plan.TargetAt(start) : plan.TargetBefore(i),
            EndTarget = end < plan.EndOf(i) ? plan.TargetAt(end) : plan.Stages[i].Target,
            PlannedEndS = plan.EndOf(i),
            PlannedEndTarget = plan.Stages[i].Target,
            MeanEntitiesPerSecond = period.Seconds > 0 ? counts.EntitiesSucceeded / period.Seconds : 0,
            PeakEntitiesPerSecond = totals.Peak,
            EntitiesSucceeded = counts.EntitiesSucceeded,
            EntitiesFailed = counts.EntitiesFailed,
            Batches = counts.Batches,
            LatencyMs = LatencySummary.From(totals.Latency),
            Confidence = RunConfidence.Of(totals.Blocks, period),
            ThrottledPercent = RunShares.ThrottledPercent(RunShares.ThrottledBatches(o => counts[o]), counts.Batches) ?? 0,
            FailedPercent = RunShares.FailedPercent(counts.EntitiesFailed, counts.EntitiesSucceeded) ?? 0,
        };
    }

    // The measured period is counted in microseconds and the plan in seconds: a run that ended within a microsecond of a stage's end reached it.
    private static double Reached(double planned, double measuredSeconds) => planned - measuredSeconds < 1e-6 ? planned : measuredSeconds;
}
