namespace TableLoad.Measurement.Gates;

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
