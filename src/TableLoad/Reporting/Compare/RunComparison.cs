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
        // What keeps every figure from a verdict comes first: one run is no comparison with itself, and a run stopped early measured another period.
        var whole = SideLacks.SameRun(baseSide, newSide) ?? SideLacks.StoppedEarly(baseSide, "base") ?? SideLacks.StoppedEarly(newSide, "new");
        var figures = new List<FigureComparison>();
        foreach (var figure in Compared)
        {
            if (Estimate(baseSide, figure, interval, runToRunShare) is { } before && Estimate(newSide, figure, interval, runToRunShare) is { } after)
            {
                figures.Add(new FigureComparison(figure, before, after, level)
                {
                    Undecided = whole ?? SideLacks.OwnInterval(baseSide, "base", figure, interval) ?? SideLacks.OwnInterval(newSide, "new", figure, interval),
                });
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
    public IReadOnlyList<FigureComparison> WorseAmong(IReadOnlyCollection<RunFigure> gated) => Among(gated, ComparisonVerdict.Worse);

    /// <summary>The figures among <paramref name="gated"/> on which no verdict could be reached: they neither fail nor pass the gate.</summary>
    public IReadOnlyList<FigureComparison> UndecidedAmong(IReadOnlyCollection<RunFigure> gated) => Among(gated, ComparisonVerdict.CannotDecide);

    private IReadOnlyList<FigureComparison> Among(IReadOnlyCollection<RunFigure> gated, ComparisonVerdict verdict) =>
        [.. Figures.Where(f => gated.Contains(f.Figure) && f.Verdict == verdict)];
}
