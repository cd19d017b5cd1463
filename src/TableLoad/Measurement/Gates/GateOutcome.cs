namespace TableLoad.Measurement.Gates;

/// <summary>How a run stood against its <c>--fail-if</c> thresholds.</summary>
internal enum GateOutcome
{
    /// <summary>No thresholds were given.</summary>
    None,
    Passed,
    Failed,
}
