using System.Text.Json.Serialization;

namespace TableLoad.Measurement.Confidence;

/// <summary>
/// The intervals of a run's mean entities/s and latency percentiles, from its own measured seconds: batch means
/// for the rate, Woodruff intervals over the blocks for the percentiles (docs/results.md, "Confidence intervals").
/// With too few blocks the intervals are null and <see cref="TooLittleData"/> says why.
/// </summary>
internal sealed record RunConfidence
{
    public const double DefaultLevel = 0.95;

    public required double Level { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public ConfidenceInterval? MeanEntitiesPerSecond { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public LatencyIntervals? LatencyMs { get; init; }

    /// <summary>Why there are no intervals, in a sentence; null when there are.</summary>
    public string? TooLittleData { get; init; }

    /// <summary>The blocks the intervals come from, and their length in seconds (the last may be shorter).</summary>
    public required int Blocks { get; init; }

    public required double BlockSeconds { get; init; }

    public static RunConfidence Of(SecondBlocks seconds, MeasuredPeriod period) => ConfidenceEstimate.Of(seconds, period, DefaultLevel);
}

/// <summary>Intervals of the latency percentiles the table leads with, in milliseconds.</summary>
internal sealed record LatencyIntervals(ConfidenceInterval P50, ConfidenceInterval P90, ConfidenceInterval P99);
