namespace TableLoad.Tune.Search;

/// <summary>
/// Narrows the best concurrency on one line after its climb. Against a probe above that broke a constraint it
/// aims at where that constraint's figure crosses its limit (<see cref="BracketGuess"/>); against one that met it
/// with no more growth, or none above, it tries the peak of the fitted Universal Scalability Law.
/// </summary>
internal sealed class ConcurrencyRefiner(TuneSpace space, TuneConstraints constraints)
{
    /// <summary>At most this many probes per line: each one narrows its bracket several-fold.</summary>
    public const int MaxProbes = 4;

    /// <summary>A bracket this narrow (a ratio of tasks) is done: whole tasks leave little between.</summary>
    public const double NarrowBracket = 1.25;

    /// <summary>Done when the best has this share of the estimated crossing's tasks: nearer cannot gain much.</summary>
    public const double CloseToCrossing = 0.95;

    /// <summary>How far under the estimated crossing a probe aims, so that it lands on the side that meets.</summary>
    public const double Margin = 0.97;

    /// <summary>The fitted peak is probed only when it promises this much over the best.</summary>
    public const double PeakGain = 1.05;

    /// <summary>A fit worse than this (adjusted R²) does not aim a probe.</summary>
    public const double MinRSquared = 0.9;

    public static UslFit? Fit(IReadOnlyList<TunedProbe> probes, ConcurrencyLine line) =>
        UslFitter.Fit(line.BatchSize, [.. line.Probes(probes)
            .Where(p => p.Figures is not null)
            .Select(p => (p.Knobs.Concurrency, p.Figures!.EntitiesPerSecond))]);

    public async Task RefineAsync(ProbeSession session, ConcurrencyLine line)
    {
        for (var i = 0; i < MaxProbes; i++)
        {
            if (Next(session.Probes, line) is not { } next || session.Tried(line.At(next.Tasks))
                || await session.ProbeAsync(line.At(next.Tasks), next.Step).ConfigureAwait(false) is null)
            {
                return;
            }
        }
    }

    private (int Tasks, string Step)? Next(IReadOnlyList<TunedProbe> probes, ConcurrencyLine line)
    {
        if (line.Best(probes) is not { } met)
        {
            return null;
        }

        var above = TuneCeiling.Above(line.Probes(probes), met, climb: null);
        if (above is { Verdict: not ProbeVerdict.Meets })
        {
            return Bracket(met, above);
        }

        return Peak(probes, line, met, above);
    }

    // Aimed at the estimated crossing of the broken constraint; bisected while wide when the figures give no estimate.
    private (int Tasks, string Step)? Bracket(TunedProbe met, TunedProbe broke)
    {
        int lo = met.Knobs.Tasks, hi = broke.Knobs.Tasks;
        if (hi - lo < 2)
        {
            return null;
        }

        if (BracketGuess.Crossing(met, broke, constraints) is { } crossing)
        {
            return lo >= CloseToCrossing * crossing ? null : (Math.Clamp((int)Math.Round(Margin * crossing), lo + 1, hi - 1), TuneSteps.Bracket);
        }

        return hi > lo * NarrowBracket ? (BracketGuess.Midpoint(lo, hi), TuneSteps.Bisect) : null;
    }

    // Throughput stopped growing above the best, or nothing is above it: the fitted peak, or the bracket's midpoint without a fit.
    private (int Tasks, string Step)? Peak(IReadOnlyList<TunedProbe> probes, ConcurrencyLine line, TunedProbe met, TunedProbe? above)
    {
        if (Fit(probes, line) is { AdjustedRSquared: >= MinRSquared } fit)
        {
            var lowest = line.Below(probes, met)?.Knobs.Tasks ?? 0;
            var highest = above?.Knobs.Tasks ?? space.MaxTasks + 1;
            var peak = Math.Round(fit.PeakConcurrency / line.Processes);
            var promising = fit.Predict(peak * line.Processes) >= PeakGain * TuneObjective.Throughput(met);
            return peak > lowest && peak < highest && promising ? ((int)peak, TuneSteps.UslPeak) : null;
        }

        // Whole tasks leave nothing strictly between neighbours (t1 and t2).
        return above is not null && above.Knobs.Tasks > met.Knobs.Tasks * NarrowBracket && above.Knobs.Tasks - met.Knobs.Tasks >= 2
            ? (BracketGuess.Midpoint(met.Knobs.Tasks, above.Knobs.Tasks), TuneSteps.Bisect)
            : null;
    }
}
