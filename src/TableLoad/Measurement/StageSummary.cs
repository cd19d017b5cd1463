using System.Text.Json.Serialization;
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

    /// <summary>Seconds from the measured period's start to where the stage began, or to the run's end for a stage it never reached.</summary>
    public required double StartS { get; init; }

    /// <summary>Where the stage ended in this run: the plan's end, or the run's end when it stopped first.</summary>
    public required double EndS { get; init; }

    /// <summary>The plan's target at <see cref="StartS"/>.</summary>
    public required double StartTarget { get; init; }

    /// <summary>The plan's target at <see cref="EndS"/>: where the run left it.</summary>
    public required double EndTarget { get; init; }

    /// <summary>Where the plan ends the stage; null in folders written before runs recorded it, whose <see cref="EndS"/> was the plan's.</summary>
    public double? PlannedEndS { get; init; }

    /// <summary>The plan's target at <see cref="PlannedEndS"/>.</summary>
    public double? PlannedEndTarget { get; init; }

    /// <summary>Whether the run stopped before the plan's end of this stage.</summary>
    [JsonIgnore]
    public bool CutShort => PlannedEndS is { } planned && EndS < planned;

    /// <summary>Whether the run never reached this stage.</summary>
    [JsonIgnore]
    public bool NotReached => CutShort && EndS <= StartS;

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
