namespace TableLoad.Tune.Search;

/// <summary>Names what limits throughput from the probes the search ran, with the probe that shows it.</summary>
internal static class TuneLimitFinder
{
    /// <summary>
    /// With a best probe: the limit its ceiling shows; with none above it, a plateau when the fitted law peaks by
    /// the best, otherwise the edge of the space, or the budget when the search was stopped early. Without one: the
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

        if (!TuneCeiling.StillGrowing(best, fit))
        {
            return new TuneLimit(TuneLimitKind.Plateau, best);
        }

        return new TuneLimit(stop == TuneStop.Finished ? TuneLimitKind.SearchSpace : TuneLimitKind.Budget, best);
    }
}
