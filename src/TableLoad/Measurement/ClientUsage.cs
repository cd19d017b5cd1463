namespace TableLoad.Measurement;

/// <summary>The load generator's own cost, so a saturated client is not mistaken for a slow service.</summary>
internal sealed record ClientUsage(double UserCpuSeconds, double SystemCpuSeconds, double CpuUsPerEntity, int GcGen0, int GcGen1, int GcGen2)
{
    /// <summary>Whether the client itself was the bottleneck, and why.</summary>
    public bool Saturated => SaturationReasons.Count > 0;

    public IReadOnlyList<string> SaturationReasons { get; init; } = [];

    /// <summary>Adds up the last (cumulative) sample of every process of the run.</summary>
    public static ClientUsage From(IEnumerable<ProcessSample> lastSamples, long entities)
    {
        double user = 0, system = 0;
        int gen0 = 0, gen1 = 0, gen2 = 0;
        foreach (var s in lastSamples)
        {
            user += s.UserCpuSeconds;
            system += s.SystemCpuSeconds;
            gen0 += s.GcCount;
            gen1 += s.Gen1Count;
            gen2 += s.Gen2Count;
        }

        var perEntity = entities > 0 ? (user + system) * 1e6 / entities : 0;
        return new ClientUsage(user, system, perEntity, gen0, gen1, gen2);
    }
}
