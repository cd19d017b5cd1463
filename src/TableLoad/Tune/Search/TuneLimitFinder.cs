using TableLoad.Measurement.Gates;

namespace TableLoad.Tune.Search;

/// <summary>Names what limits throughput from the probes the search ran, with the probe that shows it.</summary>
internal static class TuneLimitFinder
{
    /// <summary>
    /// With a best probe: the limit its ceiling shows; with none above it, a plateau when its rise over the probe
    /// below it on its line is within noise or the fitted law peaks by the best, otherwise the edge of the space, or the budget when the search was stopped early. Without one: the
    /// closest probe (the highest throughput) and the constraint it broke.
    /// </summary>
    public static TuneLimit Find(IReadOnlyList<TunedProbe> probes, TunedProbe? best, ConcurrencyLine? climb, UslFit? fit, TuneStop stop)
    {
        if (best is null)
        {
            var closest = probes.Where(p => p.Figures is not null)
                .OrderByDescending(TuneObjective.Throughput)
                .ThenBy(p => p.Ordinal)
                .FirstOrDefault() ?? (probes.Count > 0 ? probes[^1] : null);
            return closest is null
                ? new TuneLimit(TuneLimitKind.Budget, null)
                : new TuneLimit(TuneCeiling.KindOf(closest.Verdict), closest);
        }

        if (TuneCeiling.Above(probes, best, climb) is { } ceiling)
        {
            return new TuneLimit(TuneCeiling.KindOf(ceiling.Verdict), ceiling);
        }

        // A rise within noise from the probe below, with more concurrency, is no growth at all.
        var below = ConcurrencyLine.Of(best).Below(probes, best);
        var rose = below?.Figures is null || best.Figures is null || NoiseRule.Rise(below, best).Verdict == ComparisonVerdict.Better;
        if (!rose)
        {
            return new TuneLimit(TuneLimitKind.Plateau, best);
        }

        if (!TuneCeiling.StillGrowing(best, fit))
        {
            return new TuneLimit(TuneLimitKind.Plateau, best);
        }

        return new TuneLimit(stop == TuneStop.Finished ? TuneLimitKind.SearchSpace : TuneLimitKind.Budget, best);
    }
}
