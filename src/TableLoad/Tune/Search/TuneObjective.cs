namespace TableLoad.Tune.Search;

/// <summary>What tune maximises: mean entities per second, among probes that meet every constraint.</summary>
internal static class TuneObjective
{
    /// <summary>A probe's throughput; 0 for a run that ended without figures.</summary>
    public static double Throughput(TunedProbe probe) => probe.Figures?.EntitiesPerSecond ?? 0;

    /// <summary>The highest-throughput probe that meets every constraint; the earlier one on a tie; null when none meets.</summary>
    public static TunedProbe? Best(IEnumerable<TunedProbe> probes) =>
        probes.Where(p => p.Verdict == ProbeVerdict.Meets)
            .OrderByDescending(Throughput)
            .ThenBy(p => p.Ordinal)
            .FirstOrDefault();
}
