using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>NEW against BASE: each compared figure's change with its interval and verdict, and the knobs that differ.</summary>
internal sealed record RunComparison(ComparedSide Base, ComparedSide New, IReadOnlyList<FigureComparison> Figures, IReadOnlyList<KnobDifference> Knobs, double Level)
{
    /// <summary>The rounds the sides were run in, each side's run i paired with the other's; null for two folders.</summary>
    public int? Rounds { get; init; }

    /// <summary>The figures compare prints, in order; <c>--fail-on</c> may name any of them.</summary>
    public static IReadOnlyList<RunFigure> Compared => Measurement.Gates.Figures.Compared;

    /// <summary>Each operation either side sent, judged where both did (<see cref="SliceComparison.Between"/>); empty when neither side's summaries name one.</summary>
    public IReadOnlyList<SliceComparison> Operations { get; init; } = [];

    /// <summary>Each scenario either side ran, judged where both did, each with its operations; empty when neither side ran scenarios.</summary>
    public IReadOnlyList<SliceComparison> Scenarios { get; init; } = [];

    /// <param name="interval">A run's own interval for a figure, where its summary has one.</param>
    /// <param name="given">The run-to-run share the user gave (<c>--run-noise</c>), which wins; null to measure it from repeats or assume the figure's default.</param>
    public static RunComparison Of(ComparedSide baseSide, ComparedSide newSide, double level, Func<RunSummary, RunFigure, ConfidenceInterval?> interval, double? given)
    {
        IReadOnlyList<FigureComparison> Judge(ComparedSide b, ComparedSide n) => JudgeRuns(b, n, SliceComparison.Compared, level, interval, given);
        return new RunComparison(baseSide, newSide, JudgeRuns(baseSide, newSide, Compared, level, interval, given), KnobDifferences.Between(baseSide, newSide), level)
        {
            Operations = SliceComparison.Between(baseSide, newSide, SliceKind.Operation, null, Judge),
            Scenarios = SliceComparison.Between(baseSide, newSide, SliceKind.Scenario, null, Judge),
        };
    }

    private static List<FigureComparison> JudgeRuns(
        ComparedSide baseSide, ComparedSide newSide, IReadOnlyList<RunFigure> compared, double level, Func<RunSummary, RunFigure, ConfidenceInterval?> interval, double? given)
    {
        // What keeps every figure from a verdict comes first: one run is no comparison with itself, and a run stopped early measured another period.
        var whole = SideLacks.SameRun(baseSide, newSide) ?? SideLacks.StoppedEarly(baseSide, "base") ?? SideLacks.StoppedEarly(newSide, "new");
        var figures = new List<FigureComparison>();
        foreach (var figure in compared)
        {
            if (Values(baseSide, figure) is { } baseValues && Values(newSide, figure) is { } newValues)
            {
                var noise = Noise(figure, given, baseValues, newValues);
                figures.Add(new FigureComparison(figure, Estimate(baseSide, baseValues, figure, interval, noise), Estimate(newSide, newValues, figure, interval, noise), level)
                {
                    Noise = noise,
                    Undecided = whole ?? SideLacks.OwnInterval(baseSide, "base", figure, interval) ?? SideLacks.OwnInterval(newSide, "new", figure, interval),
                });
            }
        }

        return figures;
    }

    /// <summary>
    /// Interleaved rounds: run i of each side was made in round i, so each figure is judged by the rounds' paired differences
    /// (<see cref="PairedRounds"/>), which hold the run-to-run variation themselves: no share is assumed, no run's own interval needed.
    /// </summary>
    public static RunComparison OfRounds(ComparedSide baseSide, ComparedSide newSide, double level)
    {
        IReadOnlyList<FigureComparison> Judge(ComparedSide b, ComparedSide n) => JudgeRounds(b, n, SliceComparison.Compared, level);
        return new(baseSide, newSide, JudgeRounds(baseSide, newSide, Compared, level), KnobDifferences.Between(baseSide, newSide), level)
        {
            Rounds = baseSide.Runs.Count,
            Operations = SliceComparison.Between(baseSide, newSide, SliceKind.Operation, null, Judge),
            Scenarios = SliceComparison.Between(baseSide, newSide, SliceKind.Scenario, null, Judge),
        };
    }

    private static List<FigureComparison> JudgeRounds(ComparedSide baseSide, ComparedSide newSide, IReadOnlyList<RunFigure> compared, double level)
    {
        var whole = SideLacks.StoppedEarly(baseSide, "base") ?? SideLacks.StoppedEarly(newSide, "new");
        var figures = new List<FigureComparison>();
        foreach (var figure in compared)
        {
            if (Values(baseSide, figure) is { } baseValues && Values(newSide, figure) is { } newValues)
            {
                var paired = PairedRounds.Of(baseValues, newValues, FigureComparison.ScaleOf(figure));
                figures.Add(new FigureComparison(figure, FigureEstimate.OfRepeats(baseValues), FigureEstimate.OfRepeats(newValues), level)
                {
                    Paired = paired,
                    Undecided = whole ?? (paired is null ? "a round measured 0, from which no ratio can be taken" : null),
                });
            }
        }

        return figures;
    }

    /// <summary>The user's share; else the spread of the sides' repeats, pooled when both have them; else the figure's default, assumed.</summary>
    private static RunNoise Noise(RunFigure figure, double? given, IReadOnlyList<double> baseValues, IReadOnlyList<double> newValues)
    {
        if (given is { } share)
        {
            return RunNoise.Given(share);
        }

        IReadOnlyList<double>[] repeats = [.. new[] { baseValues, newValues }.Where(v => v.Count >= 2)];
        return repeats.Length > 0 ? RunNoise.Measured(repeats) : RunNoise.Assumed(RunToRunNoise.DefaultShare(figure));
    }

    /// <summary>The figure in each run of the side; null when a run of it did not measure the figure.</summary>
    private static List<double>? Values(ComparedSide side, RunFigure figure)
    {
        var values = side.Runs.Select(r => figure.Read(r.Summary)).ToList();
        return values.Any(v => v is null) ? null : [.. values.Select(v => v!.Value)];
    }

    private static FigureEstimate Estimate(ComparedSide side, IReadOnlyList<double> values, RunFigure figure, Func<RunSummary, RunFigure, ConfidenceInterval?> interval, RunNoise noise) =>
        values.Count == 1
            ? FigureEstimate.OfRun(values[0], interval(side.Runs[0].Summary, figure), noise)
            : FigureEstimate.OfRepeats(values, noise);

    /// <summary>The gated figures NEW made worse beyond noise.</summary>
    public IReadOnlyList<GatedFigure> WorseAmong(IReadOnlyCollection<GatedFigure> gated) =>
        [.. gated.Where(g => Judged(g) is { Verdict: ComparisonVerdict.Worse })];

    /// <summary>
    /// The gated figures on which no verdict could be reached (a part of the runs one side lacks among them, or one neither has, which
    /// only runs made by rounds can meet): they neither fail nor pass the gate.
    /// </summary>
    public IReadOnlyList<GatedFigure> UndecidedAmong(IReadOnlyCollection<GatedFigure> gated) =>
        [.. gated.Where(g => Judged(g) is { Verdict: ComparisonVerdict.CannotDecide } || (g.Scope is { } scope && Slice(scope) is null or { OnlyOn: not null }) || WithoutService(g) is not null)];

    /// <summary>
    /// The side ("base" or "new") a run of which has no figure of the service's that <paramref name="gated"/> names (no --service-metrics, or
    /// unavailable); null when both have it, or the figure is not the service's. Such a gate cannot be decided and is never passed, as a run's --fail-if.
    /// </summary>
    public string? WithoutService(GatedFigure gated) =>
        !gated.Figure.IsServices() ? null : Values(Base, gated.Figure) is null ? "base" : Values(New, gated.Figure) is null ? "new" : null;

    /// <summary>Whether the gate fails: a gated figure worse beyond noise, or one of the service's that a side lacks.</summary>
    public bool GateFails(IReadOnlyCollection<GatedFigure> gated) => WorseAmong(gated).Count > 0 || gated.Any(g => WithoutService(g) is not null);

    /// <summary>The comparison of a gated figure; null when it has none (its part of the runs on one side only, or a side that did not measure it).</summary>
    public FigureComparison? Judged(GatedFigure gated)
    {
        var figures = gated.Scope is { } scope ? Slice(scope)?.Figures ?? [] : Figures;
        return figures.FirstOrDefault(f => f.Figure == gated.Figure);
    }

    /// <summary>The operation, scenario or scenario's operation <c>--fail-on</c> scopes by <paramref name="scope"/>; null when neither side has it.</summary>
    public SliceComparison? Slice(string scope) =>
        Operations.Concat(Scenarios.SelectMany(s => s.AndWithin())).FirstOrDefault(s => s.Scope == scope);
}
