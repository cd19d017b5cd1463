using static TableLoad.Tune.TuneFigures;

namespace TableLoad.Tune;

/// <summary>The lines tune prints as probes and confirm runs finish.</summary>
internal static class TuneLines
{
    public static string Probe(string what, TuneKnobs knobs, ProbeFigures? f, ProbeVerdict verdict) => f is null
        ? $"{what} {knobs}: no figures, {verdict.ToName()}"
        : $"{what} {knobs}: {Rate(f.EntitiesPerSecond)} e/s, p50 {Ms(f.P50Ms)} ms, p99 {Ms(f.P99Ms)} ms, throttled {Percent(f.ThrottledPercent)}, {verdict.ToName()}";
}
