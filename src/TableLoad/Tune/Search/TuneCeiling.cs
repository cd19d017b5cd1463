using TableLoad.Measurement.Gates;

namespace TableLoad.Tune.Search;

/// <summary>
/// The probe just above the best one: what stopped throughput from growing further, and so names the limit.
/// </summary>
internal static class TuneCeiling
{
    /// <summary>
    /// Of the probes above the best's concurrency, at its batch size and at least its processes, most processes first
    /// (an added process lifts a client limit, so what it met instead is the limit) and then the least concurrency:
    /// the first that broke a constraint, unless one that met shows a decline beyond noise before it (a plateau). When the best
    /// came from another batch size than the climb's and has nothing above it, the ceiling of the climb's best.
    /// </summary>
    public static TunedProbe? Above(IReadOnlyList<TunedProbe> probes, TunedProbe best, ConcurrencyLine? climb)
    {
        var above = probes
            .Where(p => p.Knobs.BatchSize == best.Knobs.BatchSize
                && p.Knobs.Processes >= best.Knobs.Processes
                && p.Knobs.Concurrency > best.Knobs.Concurrency)
            .OrderByDescending(p => p.Knobs.Processes)
            .ThenBy(p => p.Knobs.Concurrency)
            .ToList();

        // Probes that met as much as the best, within noise, are passed over for what lies beyond them.
        var ceiling = above.FirstOrDefault(p => p.Verdict != ProbeVerdict.Meets
            || (p.Figures is not null && best.Figures is not null && NoiseRule.Rise(best, p).Verdict == ComparisonVerdict.Worse)) ?? above.FirstOrDefault();
        if (ceiling is not null)
        {
            return ceiling;
        }

        return climb is { } line && line.BatchSize != best.Knobs.BatchSize && line.Best(probes) is { } climbBest
            ? Above(probes, climbBest, null)
            : null;
    }

    /// <summary>
    /// With nothing above the best: whether throughput may still grow past it, unless the law fitted to the climb
    /// puts its peak at or below the best's concurrency.
    /// </summary>
    public static bool StillGrowing(TunedProbe best, UslFit? fit) =>
        fit is not { AdjustedRSquared: >= ConcurrencyRefiner.MinRSquared } || fit.PeakConcurrency > best.Knobs.Concurrency;

    /// <summary>The limit a probe above the best shows: a broken constraint, or no more growth (a plateau).</summary>
    public static TuneLimitKind KindOf(ProbeVerdict verdict) => verdict switch
    {
        ProbeVerdict.Meets => TuneLimitKind.Plateau,
        ProbeVerdict.Throttled => TuneLimitKind.Service,
        ProbeVerdict.RequestUnits => TuneLimitKind.RequestUnits,
        ProbeVerdict.LatencyOver => TuneLimitKind.Latency,
        ProbeVerdict.ClientSaturated => TuneLimitKind.Client,
        ProbeVerdict.Failures or ProbeVerdict.RunFailed => TuneLimitKind.Failures,
    };
}
