namespace TableLoad.Measurement.Gates;

/// <summary>A figure of a run that a gate or a comparison judges, by the name users write.</summary>
internal enum RunFigure
{
    Eps,
    P50,
    P90,
    P95,
    P99,
    P999,
    Mean,
    Max,
    Throttled,
    Failed,
    CpuPerEntity,
}

/// <summary>How a figure's value is written and which way is better.</summary>
internal enum FigureUnit
{
    /// <summary>Entities per second: a bare number.</summary>
    EntitiesPerSecond,

    /// <summary>Milliseconds of batch latency: written with its unit (500ms, 2s).</summary>
    Milliseconds,

    /// <summary>A share of the measured batches or entities, written with %.</summary>
    Percent,

    /// <summary>Client CPU microseconds per entity stored.</summary>
    Microseconds,
}
