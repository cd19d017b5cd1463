namespace TableLoad.Settings.Gates;

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
