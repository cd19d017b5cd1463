namespace TableLoad.Measurement.Gates;

/// <summary>What a figure is measured over, which decides where it may be scoped and judged.</summary>
internal enum FigureReach
{
    /// <summary>Each part of a run (an operation, a scenario) and each second: it may be scoped and aborted on.</summary>
    EachPart,

    /// <summary>The whole load process, as its CPU: judged for the whole run only, at its end.</summary>
    Process,

    /// <summary>The service's own metrics (<c>--service-metrics</c>): a run without them cannot decide it.</summary>
    Service,
}
