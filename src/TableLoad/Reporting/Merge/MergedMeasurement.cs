using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;

namespace TableLoad.Reporting.Merge;

/// <summary>What a merge recomputes from the parts' raw data (histograms, seconds, periods), not from their summaries.</summary>
internal sealed record MergedMeasurement(LatencySummary Latency, LatencySummary? Uncorrected, long PeakEntitiesPerSecond, double MeasuredSeconds, RunConfidence Confidence, IReadOnlyList<StageSummary> Stages)
{
    /// <summary>The largest second's request units over the merged seconds.</summary>
    public double PeakRequestUnitsPerSecond { get; init; }

    /// <summary>The largest second's request units over the merged seconds, every answer's, the warm-up's included.</summary>
    public double PeakSpentRequestUnitsPerSecond { get; init; }

    /// <summary>The merged seconds' totals, whose slices give a mix's operations their figures; null to leave them as the parts' rule derives.</summary>
    public (RunTotals Totals, MeasuredPeriod Period)? Slices { get; init; }
}
