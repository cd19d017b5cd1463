using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>NEW against BASE: each compared figure's change with its interval and verdict, and the knobs that differ.</summary>
internal sealed record RunComparison(ComparedSide Base, ComparedSide New, IReadOnlyList<FigureComparison> Figures, IReadOnlyList<KnobDifference> Knobs, double Level)
{
    /// <summary>The figures compare prints, in order; <c>--fail-on</c> may name any of them.</summary>
    public static IReadOnlyList<RunFigure> Compared { get; } =
        [RunFigure.Eps, RunFigure.P50, RunFigure.P90, RunFigure.P99, RunFigure.Throttled, RunFigure.CpuPerEntity];

    /// <param name="interval">A run's own interval for a figure, where its summary has one.</param>
    /// <param name="runToRunShare">The run-to-run share assumed for a side of one run.</param>
    public static RunComparison Of(ComparedSide baseSide, ComparedSide newSide, double level, Func<RunSummary, RunFigure, FigureInterval?> interval, Func<RunFigure, double> runToRunShare)
    {
        var figures = new List<FigureComparison>();
        foreach (var figure in Compared)
        {
            if (Estimate(baseSide, figure, interval, runToRunShare) is { } before && Estimate(newSide, figure, interval, runToRunShare) is { } after)
            {
                figures.Add(new FigureComparison(figure, before, after, level));
            }
        }

        return new RunComparison(baseSide, newSide, figures, KnobDifferences.Between(baseSide, newSide), level);
    }

    /// <summary>A side's estimate of the figure; null when a run of it did not measure the figure.</summary>
    private static FigureEstimate? Estimate(ComparedSide side, RunFigure figure, Func<RunSummary, RunFigure, FigureInterval?> interval, Func<RunFigure, double> runToRunShare)
    {
        var values = side.Runs.Select(r => figure.Read(r.Summary)).ToList();
        if (values.Any(v => v is null))
        {
            return null;
        }

        return side.Runs.Count == 1
            ? FigureEstimate.OfRun(values[0]!.Value, interval(side.Runs[0].Summary, figure), runToRunShare(figure))
            : FigureEstimate.OfRepeats([.. values.Select(v => v!.Value)]);
    }

    /// <summary>The figures among <paramref name="gated"/> that NEW made worse beyond noise.</summary>
    public IReadOnlyList<FigureComparison> WorseAmong(IReadOnlyCollection<RunFigure> gated) =>
        [.. Figures.Where(f => gated.Contains(f.Figure) && f.Verdict == ComparisonVerdict.Worse)];
}
