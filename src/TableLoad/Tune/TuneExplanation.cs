using System.Globalization;
using static TableLoad.Tune.TuneFigures;

namespace TableLoad.Tune;

/// <summary>Why the recommendation is what it is: the limit in one sentence, and why each other probe lost.</summary>
internal static class TuneExplanation
{
    public static string LimitSentence(TuneOutcome outcome, TuneSettings settings)
    {
        var evidence = outcome.Limit.Evidence;
        var at = evidence is null ? "" : $" ({evidence.Knobs})";
        var figures = evidence?.Figures;
        return outcome.Limit.Kind switch
        {
            TuneLimitKind.Service when figures is not null =>
                $"The service is the limit: at {evidence!.Knobs} it throttled {Percent(figures.ThrottledPercent)} of batches (over {Percent(settings.Constraints.MaxThrottledPercent)}) while storing {Rate(figures.EntitiesPerSecond)} e/s: " +
                ServiceTarget(settings.Model.Partitions),
            TuneLimitKind.Latency when figures is not null =>
                $"The latency constraint is the limit: p99 reached {Ms(figures.P99Ms)} ms at {evidence!.Knobs.Concurrency} concurrent batches{at}, over --p99 {Ms(settings.Constraints.P99!.Value.TotalMilliseconds)} ms.",
            TuneLimitKind.Client when figures is not null =>
                $"The client is the limit: it saturated at {evidence!.Knobs.Processes} of --max-processes {settings.Space.MaxProcesses}{at}, about {Rate(figures.EntitiesPerSecond / evidence.Knobs.Processes)} e/s per process; " +
                "add processes on more cores or machines (docs/distributed.md), each adding about that much until the service throttles.",
            TuneLimitKind.Failures when figures is not null =>
                $"Failures are the limit: {Percent(figures.FailedPercent)} of entities failed{at}, over {Percent(settings.Constraints.MaxFailedPercent)}.",
            TuneLimitKind.SearchSpace =>
                $"The search space is the limit: throughput still grew at --max-tasks {settings.Space.MaxTasks} and --max-processes {settings.Space.MaxProcesses}; raise them to look further.",
            TuneLimitKind.Plateau when figures is not null && outcome.Best?.Figures is { } top =>
                $"The target's capacity for this load is the limit: throughput stopped growing at about {Rate(top.EntitiesPerSecond)} e/s ({outcome.Best.Knobs}) with every constraint met; " +
                $"more concurrency only adds latency ({Rate(figures.EntitiesPerSecond)} e/s and p99 {Ms(figures.P99Ms)} ms{at}).",
            TuneLimitKind.Budget =>
                $"The budget is the limit: --budget {Settings.DurationParser.Format(settings.Budget)} ran out before the search found what limits throughput; give more, or --resume to go on.",
            TuneLimitKind.Service or TuneLimitKind.Latency or TuneLimitKind.Client or TuneLimitKind.Failures or TuneLimitKind.Plateau =>
                "The probes ended without figures, so no limit is known; see each probe's folder.",
        };
    }

    /// <param name="setAside">Probes that met the constraints but broke one in their confirm runs.</param>
    public static IReadOnlyList<TuneLoser> Losers(TuneOutcome outcome, IReadOnlyList<TunedProbe> setAside, TuneSettings settings) =>
        outcome.Probes.Where(p => p != outcome.Best)
            .Select(p => new TuneLoser(
                settings.Cell(p.Knobs).Name,
                setAside.Contains(p) ? "met the constraints in its probe but broke one in its confirm runs" : Reason(p, outcome.Best, settings.Constraints)))
            .ToList();

    /// <summary>Why a probe is not the recommendation: the constraint it broke, or how much less it sustained.</summary>
    public static string Reason(TunedProbe probe, TunedProbe? best, TuneConstraints constraints)
    {
        var figures = probe.Figures;
        return probe.Verdict switch
        {
            ProbeVerdict.RunFailed or ProbeVerdict.Meets when figures is null => "its run ended without figures",
            ProbeVerdict.Failures => $"{Percent(figures!.FailedPercent)} of its entities failed (over {Percent(constraints.MaxFailedPercent)})",
            ProbeVerdict.Throttled => $"throttled {Percent(figures!.ThrottledPercent)} of its batches (over {Percent(constraints.MaxThrottledPercent)})",
            ProbeVerdict.LatencyOver => $"p99 {Ms(figures!.P99Ms)} ms (over {Ms(constraints.P99!.Value.TotalMilliseconds)} ms)",
            ProbeVerdict.ClientSaturated => "the client saturated: its figures describe TableLoad, not the target",
            ProbeVerdict.RunFailed or ProbeVerdict.Meets when best?.Figures is { } top && top.EntitiesPerSecond > 0 =>
                string.Create(CultureInfo.InvariantCulture, $"{Rate(figures!.EntitiesPerSecond)} e/s, {(1 - (figures.EntitiesPerSecond / top.EntitiesPerSecond)) * 100:0}% below the recommendation"),
            ProbeVerdict.RunFailed or ProbeVerdict.Meets => $"{Rate(figures!.EntitiesPerSecond)} e/s",
        };
    }

    private static string ServiceTarget(string partitions) => partitions == "single"
        ? "a partition's scalability target (Azure's is 2,000 entities/s) or the account's (20,000), and --partitions single sends every batch to one partition; tune with --partitions spread:N to tell them apart."
        : $"the account's scalability target (Azure's is 20,000 entities/s) or a partition's (2,000), with --partitions {partitions}.";
}
