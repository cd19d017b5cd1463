namespace TableLoad.Measurement;

/// <summary>The load generator's own cost, so a saturated client is not mistaken for a slow service.</summary>
internal sealed record ClientUsage(
    [property: Merge(MergeRule.Sum)] double UserCpuSeconds,
    [property: Merge(MergeRule.Sum)] double SystemCpuSeconds,
    [property: Merge(MergeRule.Derived)] double CpuUsPerEntity,
    [property: Merge(MergeRule.Sum)] int GcGen0,
    [property: Merge(MergeRule.Sum)] int GcGen1,
    [property: Merge(MergeRule.Sum)] int GcGen2)
{
    /// <summary>Whether the client itself was the bottleneck, and why.</summary>
    public bool Saturated => SaturationReasons.Count > 0;

    [Merge(MergeRule.Concat)]
    public IReadOnlyList<string> SaturationReasons { get; init; } = [];

    /// <summary>What held the open model's late batches back when the client was not short: throttling, or the rate against the service's answers.</summary>
    [Merge(MergeRule.Concat)]
    public IReadOnlyList<string> LateStart { get; init; } = [];

    /// <summary>The largest share of the run, in percent, that any one of its processes spent in GC pauses.</summary>
    [Merge(MergeRule.Max)]
    public double GcPausePercent { get; init; }

    /// <summary>
    /// The largest peak resident set, in MiB, of any one of the run's processes: the figure a container's or a host's
    /// memory limit is held against (docs/performance.md states the bound).
    /// </summary>
    [Merge(MergeRule.Max)]
    public double PeakRssMib { get; init; }

    /// <summary>CPU microseconds per entity succeeded (warm-up included, as the CPU is).</summary>
    public static double PerEntity(double user, double system, long entities) => RunShares.CpuMicrosecondsPerEntity(user + system, entities) ?? 0;

    /// <summary>Adds up the last (cumulative) sample of every process of the run.</summary>
    public static ClientUsage From(IEnumerable<ProcessSample> lastSamples, long entities)
    {
        double user = 0, system = 0;
        int gen0 = 0, gen1 = 0, gen2 = 0;
        long peakRss = 0;
        foreach (var s in lastSamples)
        {
            peakRss = Math.Max(peakRss, s.PeakRssBytes);
            user += s.UserCpuSeconds;
            system += s.SystemCpuSeconds;
            gen0 += s.GcCount;
            gen1 += s.Gen1Count;
            gen2 += s.Gen2Count;
        }

        return new ClientUsage(user, system, PerEntity(user, system, entities), gen0, gen1, gen2) { PeakRssMib = Math.Round(peakRss / (1024.0 * 1024.0), 1) };
    }
}
