using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
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
                ServiceTarget(figures, settings),
            TuneLimitKind.RequestUnits when figures is { RequestUnitsPerSecond: { } spent } && settings.Constraints.MaxRequestUnitsPerSecond is { } maxRu =>
                $"Request units are the limit: at {evidence!.Knobs} it spent {Rate(spent)} RU/s, over --max-ru {Rate(maxRu)}, while storing {Rate(figures.EntitiesPerSecond)} e/s" +
                (figures.RequestUnitsPerEntity is { } perEntity ? $" at {RequestUnits(perEntity)} RU per entity; --max-ru {Rate(maxRu)} sustains about {Rate(maxRu / perEntity)} e/s of this entity." : "."),
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
                PlateauEvidence(outcome.Probes, outcome.Best, evidence!),
            TuneLimitKind.Budget =>
                $"The budget is the limit: --budget {Settings.DurationParser.Format(settings.Budget)} ran out before the search found what limits throughput; give more, or --resume to go on.",
            TuneLimitKind.Service or TuneLimitKind.RequestUnits or TuneLimitKind.Latency or TuneLimitKind.Client or TuneLimitKind.Failures or TuneLimitKind.Plateau =>
                "The probes ended without figures, so no limit is known; see each probe's folder.",
        };
    }

    // The rise that was no growth: the probe above the best within noise of it, or the best's own over the probe below it.
    private static string PlateauEvidence(IReadOnlyList<TunedProbe> probes, TunedProbe best, TunedProbe evidence)
    {
        if (evidence != best)
        {
            var rise = evidence.Figures!.EntitiesPerSecond >= best.Figures!.EntitiesPerSecond
                ? $", {TuneNoise.Change(Search.NoiseRule.Rise(best, evidence))}, within noise," : "";
            return $"more concurrency only adds latency ({Rate(evidence.Figures.EntitiesPerSecond)} e/s{rise} and p99 {Ms(evidence.Figures.P99Ms)} ms at {evidence.Knobs}).";
        }

        return Search.ConcurrencyLine.Of(best).Below(probes, best) is { Figures: not null } below
            ? $"its rise over {below.Knobs}, {TuneNoise.Change(Search.NoiseRule.Rise(below, best))}, is within noise."
            : "the law fitted to the probes peaks there.";
    }

    /// <param name="setAside">Probes that met the constraints but broke one in their confirm runs.</param>
    /// <param name="confirmed">The recommendation's entities/s from its confirm runs; without them, its probe's.</param>
    public static IReadOnlyList<TuneLoser> Losers(TuneOutcome outcome, IReadOnlyList<TunedProbe> setAside, TuneSettings settings, FigureEstimate? confirmed = null)
    {
        var against = confirmed ?? (outcome.Best?.Figures is { } top ? TuneNoise.Estimate(top) : null);
        return outcome.Probes.Where(p => p != outcome.Best)
            .Select(p => new TuneLoser(
                settings.Cell(p.Knobs).Name,
                setAside.Contains(p) ? "met the constraints in its probe but broke one in its confirm runs" : Reason(p, against, settings.Constraints)))
            .ToList();
    }

    /// <summary>Why a probe is not the recommendation: the constraint it broke, or how its throughput compares with the recommendation's.</summary>
    /// <param name="recommended">The recommendation's entities/s, as confirmed; null when there is none.</param>
    public static string Reason(TunedProbe probe, FigureEstimate? recommended, TuneConstraints constraints)
    {
        var figures = probe.Figures;
        return probe.Verdict switch
        {
            ProbeVerdict.RunFailed or ProbeVerdict.Meets when figures is null => "its run ended without figures",
            ProbeVerdict.Failures => $"{Percent(figures!.FailedPercent)} of its entities failed (over {Percent(constraints.MaxFailedPercent)})",
            ProbeVerdict.Throttled => $"throttled {Percent(figures!.ThrottledPercent)} of its batches (over {Percent(constraints.MaxThrottledPercent)})",
            ProbeVerdict.RequestUnits => $"spent {Rate(figures!.RequestUnitsPerSecond ?? 0)} RU/s (over --max-ru {Rate(constraints.MaxRequestUnitsPerSecond ?? 0)})",
            ProbeVerdict.LatencyOver => $"p99 {Ms(figures!.P99Ms)} ms (over {Ms(constraints.P99!.Value.TotalMilliseconds)} ms)",
            ProbeVerdict.ClientSaturated => "the client saturated: its figures describe TableLoad, not the target",
            ProbeVerdict.RunFailed or ProbeVerdict.Meets when recommended is { Value: > 0 } against => Against(figures!, against),
            ProbeVerdict.RunFailed or ProbeVerdict.Meets => $"{Rate(figures!.EntitiesPerSecond)} e/s",
        };
    }

    private static string Against(ProbeFigures figures, FigureEstimate recommended)
    {
        var comparison = TuneNoise.Compare(recommended, TuneNoise.Estimate(figures));
        var verdict = comparison.Verdict switch
        {
            ComparisonVerdict.Worse => "below it beyond noise",
            ComparisonVerdict.NoDifference => "within noise, and the recommendation costs less",
            ComparisonVerdict.Better => "above it beyond noise in its one short probe, which no confirm run tested",
            ComparisonVerdict.CannotDecide => "no ratio to it can be taken",
        };
        return $"{Rate(figures.EntitiesPerSecond)} e/s, {TuneNoise.Change(comparison)} against the recommendation's {Rate(recommended.Value)} e/s: {verdict}";
    }

    // The limit the throttled answers named; a probe recorded before they were classed leaves only Azure's targets to name.
    private static string ServiceTarget(ProbeFigures figures, TuneSettings settings) =>
        ThrottleEvidence.Of(figures.Throttling, figures.EntitiesPerSecond, figures.RequestUnitsPerSecond) is { } named
            ? named.Sentence(settings.Constraints.MaxRequestUnitsPerSecond, settings.Model.Partitions) + "."
            : AzureTargets(settings.Model.Partitions);

    private static string AzureTargets(string partitions) => partitions == "single"
        ? "a partition's scalability target (Azure's is 2,000 entities/s) or the account's (20,000), and --partitions single sends every batch to one partition; tune with --partitions spread:N to tell them apart."
        : $"the account's scalability target (Azure's is 20,000 entities/s) or a partition's (2,000), with --partitions {partitions}.";
}
