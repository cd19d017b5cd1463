using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// What a gate reads its figure from: the whole run's summary, or the figures of one part of it (an operation of a mix)
/// that a scoped condition names. Each figure is read from here alone (<see cref="RunFigures.Read(Settings.Gates.RunFigure, ScopeFigures)"/>),
/// so a scoped figure is the unscoped one computed on the part's own counts.
/// </summary>
/// <param name="CpuUsPerEntity">The client's CPU per entity; 0 where it was not measured, as for a part of the run.</param>
internal sealed record ScopeFigures(
    double MeasuredSeconds,
    double MeanEntitiesPerSecond,
    LatencySummary LatencyMs,
    IReadOnlyDictionary<string, long> Outcomes,
    long EntitiesSucceeded,
    long EntitiesFailed,
    RunConfidence? Confidence,
    double CpuUsPerEntity)
{
    /// <summary>The service's own metrics of the run (<c>--service-metrics</c>); null for a part of the run, or without them.</summary>
    public Service.ServiceSummary? Service { get; init; }

    public static ScopeFigures Of(RunSummary run) => new(
        run.MeasuredSeconds, run.MeanEntitiesPerSecond, run.LatencyMs, run.Outcomes, run.EntitiesSucceeded, run.EntitiesFailed, run.Confidence, run.Client.CpuUsPerEntity)
    {
        Service = run.Service,
    };

    /// <summary>An operation's figures over its run's measured time; the process's CPU is not split by operation.</summary>
    public static ScopeFigures Of(OperationSummary operation, double measuredSeconds) => new(
        measuredSeconds, operation.MeanEntitiesPerSecond, operation.LatencyMs, operation.Outcomes, operation.Entities, operation.EntitiesFailed, operation.Confidence, 0);

    /// <summary>A stage's figures over its own seconds; a stage keeps its throttled share, not its outcomes, so no share of batches is read from here.</summary>
    public static ScopeFigures Of(StageSummary stage) => new(
        stage.EndS - stage.StartS, stage.MeanEntitiesPerSecond, stage.LatencyMs, new Dictionary<string, long>(), stage.EntitiesSucceeded, stage.EntitiesFailed, stage.Confidence, 0);

    /// <summary>The figures <paramref name="scope"/> names in <paramref name="run"/>: the run's own without one; null when the run has no such part.</summary>
    public static ScopeFigures? In(RunSummary run, string? scope) =>
        scope is null ? Of(run)
        : run.Operations.TryGetValue(scope, out var operation) ? Of(operation, run.MeasuredSeconds)
        : Scenario(run, scope) is { } scenario ? Of(scenario, run.MeasuredSeconds)
        : null;

    /// <summary>A scenario's figures (lookups), or one of its operations' (lookups.read); null when the run has no such scenario.</summary>
    private static OperationSummary? Scenario(RunSummary run, string scope)
    {
        if (run.Scenarios is not { } scenarios)
        {
            return null;
        }

        if (scenarios.TryGetValue(scope, out var scenario))
        {
            return scenario;
        }

        var dot = scope.IndexOf(Settings.ScenarioSlices.Separator, StringComparison.Ordinal);
        return dot > 0 && scenarios.TryGetValue(scope[..dot], out var owner) && owner.Operations?.TryGetValue(scope[(dot + 1)..], out var operation) == true ? operation : null;
    }
}
