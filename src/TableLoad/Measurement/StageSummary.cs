using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement;

/// <summary>
/// One stage's figures (summary.json's <c>stages</c>): its place in the measured period, the plan's target at both ends, and
/// what the measured seconds in it gave. A merge recomputes them all from the merged seconds (<see cref="StageTotals"/>).
/// </summary>
internal sealed record StageSummary
{
    /// <summary>The stage's number, from 1, as intervals.csv's <c>stage</c> column and the table's rows name it.</summary>
    public required int Stage { get; init; }

    /// <summary>Seconds from the measured period's start.</summary>
    public required double StartS { get; init; }

    public required double EndS { get; init; }

    public required double StartTarget { get; init; }

    public required double EndTarget { get; init; }

    /// <summary>The stage's succeeded entities over the part of it that was measured.</summary>
    public required double MeanEntitiesPerSecond { get; init; }

    public required long PeakEntitiesPerSecond { get; init; }

    public required long EntitiesSucceeded { get; init; }

    public required long EntitiesFailed { get; init; }

    public required long Batches { get; init; }

    public required LatencySummary LatencyMs { get; init; }

    /// <summary>The stage's intervals, from its own seconds; null intervals and a reason when the stage is too short for them.</summary>
    public required RunConfidence Confidence { get; init; }

    /// <summary>Batches the service throttled, as a percentage of the stage's batches.</summary>
    public required double ThrottledPercent { get; init; }

    /// <summary>Entities that failed, as a percentage of the stage's entities.</summary>
    public required double FailedPercent { get; init; }
}
