using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;

namespace TableLoad.Tune;

/// <summary>What one probe (a short <c>tableload run</c>) measured, as far as the search judges it.</summary>
internal sealed record ProbeFigures
{
    /// <summary>Mean entities per second over the measured period, warm-up left out.</summary>
    public required double EntitiesPerSecond { get; init; }

    /// <summary>The run's own interval of <see cref="EntitiesPerSecond"/>, from its seconds; null when the run was too short for one.</summary>
    public ConfidenceInterval? EntitiesPerSecondInterval { get; init; }

    public required double P50Ms { get; init; }

    public required double P99Ms { get; init; }

    /// <summary>Throttled batches (503, 500 OperationTimedOut, 429) as a percentage of measured batches.</summary>
    public required double ThrottledPercent { get; init; }

    /// <summary>Entities that failed for a reason other than throttling, as a percentage of measured entities.</summary>
    public required double FailedPercent { get; init; }

    /// <summary>The busiest second's entities per second.</summary>
    public long PeakEntitiesPerSecond { get; init; }

    /// <summary>Mean request units per second; null when the target sent no charge.</summary>
    public double? RequestUnitsPerSecond { get; init; }

    /// <summary>Mean request units per entity stored; null when the target sent no charge.</summary>
    public double? RequestUnitsPerEntity { get; init; }

    /// <summary>Throttled answers by the limit each named; null for a probe recorded before TableLoad classed them.</summary>
    public ThrottleCounts? Throttling { get; init; }

    /// <summary>The saturation guard's verdict: the client, not the service, was the limit.</summary>
    public required bool ClientSaturated { get; init; }

    /// <summary>Client CPU (user + system) per succeeded entity, in microseconds; 0 when nothing succeeded.</summary>
    public required double CpuMicrosecondsPerEntity { get; init; }
}
