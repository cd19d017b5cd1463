namespace TableLoad.Tune.Search;

/// <summary>
/// Between a probe that met the constraints and one above it on the same line that broke one: the tasks at which
/// the broken constraint is expected to start breaking, read from the two probes' figures.
/// </summary>
internal static class BracketGuess
{
    /// <summary>
    /// Throttled or saturated: the service served, or the client managed, about the broken probe's rate, reached
    /// by scaling the met probe's per-task rate. Request units: the met probe's RU/s scaled to --max-ru. Latency: p99 taken as a straight line through both probes (regula falsi).
    /// </summary>
    /// <returns>The estimated crossing in tasks; null when the figures give none (failures, or p99 not growing).</returns>
    public static double? Crossing(TunedProbe met, TunedProbe broke, TuneConstraints constraints)
    {
        if (met.Figures is not { } lo || broke.Figures is not { } hi || lo.EntitiesPerSecond <= 0)
        {
            return null;
        }

        return broke.Verdict switch
        {
            ProbeVerdict.Throttled or ProbeVerdict.ClientSaturated => met.Knobs.Tasks * hi.EntitiesPerSecond / lo.EntitiesPerSecond,
            ProbeVerdict.LatencyOver when constraints.P99 is { } p99 && hi.P99Ms > lo.P99Ms =>
                met.Knobs.Tasks + ((broke.Knobs.Tasks - met.Knobs.Tasks) * (p99.TotalMilliseconds - lo.P99Ms) / (hi.P99Ms - lo.P99Ms)),
            // Request units grow with the entities stored: the tasks at which the met probe's RU/s, scaled, reaches --max-ru.
            ProbeVerdict.RequestUnits when constraints.MaxRequestUnitsPerSecond is { } maxRu && lo.RequestUnitsPerSecond is > 0 and { } ru =>
                met.Knobs.Tasks * maxRu / ru,
            ProbeVerdict.RequestUnits or ProbeVerdict.LatencyOver or ProbeVerdict.Meets or ProbeVerdict.RunFailed or ProbeVerdict.Failures => null,
        };
    }

    /// <summary>The geometric midpoint of two task counts at least 2 apart, a whole number strictly between them.</summary>
    public static int Midpoint(int lo, int hi) => Math.Clamp((int)Math.Round(Math.Sqrt((double)lo * hi)), lo + 1, hi - 1);
}
