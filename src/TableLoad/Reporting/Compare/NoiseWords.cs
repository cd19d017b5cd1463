using System.Globalization;
using TableLoad.Measurement.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>What a figure's line says of the run-to-run noise it was judged with: where it came from and, when assumed, how many runs would decide.</summary>
internal static class NoiseWords
{
    /// <summary>The most runs a side compare names as deciding a change; beyond it, it says more would be needed.</summary>
    public const int MostRuns = 100;

    /// <summary>Runs a side that would decide the change, for a figure that an assumed or given share leaves within noise; null otherwise.</summary>
    public static int? RunsToDecide(FigureComparison figure) => RestsOnAnAssumption(figure) ? figure.RunsPerSideToDecide(MostRuns) : null;

    /// <summary>How many runs a side would decide the change, said after a verdict of no difference that rests on an assumed share.</summary>
    public static string? Deciding(FigureComparison figure)
    {
        if (!RestsOnAnAssumption(figure))
        {
            return null;
        }

        return RunsToDecide(figure) is { } runs
            ? string.Create(CultureInfo.InvariantCulture, $"{runs} runs a side would decide a change this size (sweep --repeat {runs})")
            : figure.Change == 0
                ? "no number of runs decides a change of 0"
                : $"more than {MostRuns} runs a side would be needed to decide a change this size";
    }

    // Repeats measure their own spread, so only a share assumed or given leaves a count of runs worth naming.
    private static bool RestsOnAnAssumption(FigureComparison figure) =>
        figure is { Verdict: ComparisonVerdict.NoDifference, Noise.Source: NoiseSource.Assumed or NoiseSource.Given };

    public static string Of(FigureComparison figure) => figure.Paired is { } paired
        ? string.Create(CultureInfo.InvariantCulture, $"the verdict rests on {paired.Rounds} rounds' paired differences (sd {Spread(figure, paired.StandardDeviation)} a round)")
        : figure.Noise switch
        {
            null => "run-to-run noise: Welch's, from each side's own spread",
            { Source: NoiseSource.Measured, Repeats: var n } noise => string.Create(CultureInfo.InvariantCulture,
                $"run-to-run noise: measured over {n} repeats ({Spread(figure, noise)} a run)"),
            { Source: NoiseSource.Assumed } noise => $"run-to-run noise assumed {Percent(noise.Share)} ({RunToRunNoise.Origin}; give repeats to measure it)",
            { Source: NoiseSource.Given } noise => $"run-to-run noise assumed {Percent(noise.Share)} (yours, from --run-noise)",
        };

    public static string Source(NoiseSource source) => source switch
    {
        NoiseSource.Measured => "measured",
        NoiseSource.Assumed => "assumed",
        NoiseSource.Given => "given",
    };

    private static string Spread(FigureComparison figure, RunNoise noise) => Spread(figure, figure.Scale switch
    {
        ChangeScale.Points => noise.Points ?? 0,
        ChangeScale.Ratio => noise.Share,
    });

    // A spread on the figure's scale: points for a share, the log's (about a share of the figure) for a ratio.
    private static string Spread(FigureComparison figure, double spread) => figure.Scale switch
    {
        ChangeScale.Points => string.Create(CultureInfo.InvariantCulture, $"{spread:0.###} points"),
        ChangeScale.Ratio => Percent(spread),
    };

    private static string Percent(double share) => (share * 100).ToString("0.#", CultureInfo.InvariantCulture) + "%";
}
