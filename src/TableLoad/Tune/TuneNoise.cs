using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Tune;

/// <summary>
/// Whether one probe's entities/s differs from another's beyond noise: the estimates and comparison
/// <c>tableload compare</c> uses, a probe being one run and confirm runs repeats.
/// </summary>
internal static class TuneNoise
{
    public const double Level = RunConfidence.DefaultLevel;

    /// <summary>One run: its own interval and the run-to-run share one run cannot show.</summary>
    public static FigureEstimate Estimate(ProbeFigures run) =>
        FigureEstimate.OfRun(run.EntitiesPerSecond, run.EntitiesPerSecondInterval, RunToRunNoise.DefaultShare(RunFigure.Eps));

    /// <summary>Confirm runs of one configuration: their spread from two runs on, the one run's estimate otherwise.</summary>
    public static FigureEstimate Estimate(IReadOnlyList<ProbeFigures> runs) =>
        runs.Count >= 2 ? FigureEstimate.OfRepeats([.. runs.Select(r => r.EntitiesPerSecond)]) : Estimate(runs[0]);

    /// <summary><paramref name="other"/>'s entities/s against <paramref name="baseline"/>'s.</summary>
    public static FigureComparison Compare(FigureEstimate baseline, FigureEstimate other) => new(RunFigure.Eps, baseline, other, Level);

    /// <summary>The change and its interval as shares of the baseline, from the log of the ratio, e.g. <c>+1.4% e/s (95% CI −9% to +12%)</c>.</summary>
    public static string Change(FigureComparison comparison) => FigureFormat.RelativeChange(comparison);
}
