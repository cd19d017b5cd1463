using TableLoad.Measurement.Gates;

namespace TableLoad.Tune.Search;

/// <summary>
/// A probe beats another only beyond noise: of the probes that meet every constraint and whose throughput is not
/// worse beyond noise than the best's, the cheapest (fewest processes, then fewest batches in flight, then the
/// lowest p99) is the answer.
/// </summary>
internal static class NoiseRule
{
    /// <returns>The cheaper probe and why; null when the best is itself the cheapest within noise, or there is no best.</returns>
    public static CheaperChoice? Cheaper(IReadOnlyList<TunedProbe> probes, TunedProbe? best)
    {
        if (best?.Figures is not { } top)
        {
            return null;
        }

        var bestEstimate = TuneNoise.Estimate(top);
        var chosen = probes
            .Where(p => p.Verdict == ProbeVerdict.Meets && p.Figures is not null
                && TuneNoise.Compare(bestEstimate, TuneNoise.Estimate(p.Figures)).Verdict != ComparisonVerdict.Worse)
            .OrderBy(p => p.Knobs.Processes)
            .ThenBy(p => p.Knobs.Concurrency)
            .ThenBy(p => p.Figures!.P99Ms)
            .ThenBy(p => p.Ordinal)
            .First();
        return chosen == best ? null : new CheaperChoice(chosen, best, TuneNoise.Compare(TuneNoise.Estimate(chosen.Figures!), bestEstimate));
    }

    /// <summary>Whether <paramref name="higher"/>, with more concurrency, grew throughput beyond noise over <paramref name="lower"/>.</summary>
    public static FigureComparison Rise(TunedProbe lower, TunedProbe higher) =>
        TuneNoise.Compare(TuneNoise.Estimate(lower.Figures!), TuneNoise.Estimate(higher.Figures!));
}
