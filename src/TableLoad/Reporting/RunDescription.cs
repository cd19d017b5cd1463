using TableLoad.Measurement;
using TableLoad.Settings;

namespace TableLoad.Reporting;

/// <summary>The content of run.json: how the run was made. Holds no key, signature or token.</summary>
/// <param name="Outcomes">The outcomes this version of TableLoad writes, with their classes (absent in folders written before it was recorded).</param>
/// <param name="Entity">The shape of the <c>--entity</c> sample; null for the default shape.</param>
/// <param name="LatencyColumns">The run's table's batch latency columns, for R's percentile table (absent in folders written before it was recorded).</param>
internal sealed record RunDescription(
    string RunId,
    string Label,
    int Instance,
    DateTimeOffset StartedUtc,
    DateTimeOffset? EndedUtc,
    DateTimeOffset MeasuredFromUtc,
    RecordedRunOptions Options,
    RunEnvironment Environment,
    IReadOnlyList<OutcomeKind>? Outcomes,
    RecordedEntity? Entity = null,
    IReadOnlyList<LatencyColumn>? LatencyColumns = null)
{
    /// <param name="summary">The run's summary so far, which holds the runtime settings of the processes that send the load.</param>
    public static RunDescription Create(RunSettings settings, RunSummary summary, DateTimeOffset started, DateTimeOffset? ended)
    {
        var measuredFrom = DateTimeOffset.FromUnixTimeSeconds(
            Measurement.RunTimeline.Create(started.ToUnixTimeMilliseconds() * 1000, settings.Warmup, settings.Duration).WarmupEndEpochSecond);
        return new RunDescription(settings.RunId, settings.Label, settings.Instance, started, ended, measuredFrom, RecordedRunOptions.Of(settings), RunEnvironment.Current(settings.MaxConnections, LoadRuntimeSettings(summary)), OutcomeTable.Rows, RecordedEntity.Of(settings.Load.Entity),
            ResultColumns.Latency);
    }

    private static IReadOnlyList<RuntimeSettings> LoadRuntimeSettings(RunSummary summary) =>
        summary.PerProcess.Count > 0
            ? [.. summary.PerProcess.Select(p => p.RuntimeSettings).OfType<RuntimeSettings>()]
            : summary.RuntimeSettings is { } own ? [own] : [];
}
