using System.Globalization;
using TableLoad.Measurement.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>compare's printed lines: the sides, one line per figure with its verdict, and what differs between the sides.</summary>
internal static class ComparisonLines
{
    public static IEnumerable<string> Of(RunComparison comparison)
    {
        yield return $"base: {Describe(comparison, comparison.Base)}";
        yield return $"new:  {Describe(comparison, comparison.New)}";
        foreach (var figure in comparison.Figures)
        {
            yield return Line(figure);
        }

        foreach (var line in SliceLines(comparison.Operations, "operations", null).Concat(SliceLines(comparison.Scenarios, "scenarios", null)))
        {
            yield return line;
        }

        yield return KnobsSentence(comparison);
    }

    /// <summary>
    /// Each part's figures under its owner's, named as --fail-on takes them (<c>read.p99</c>, <c>lookups.p99</c>, <c>lookups.read.p99</c>),
    /// each part one side lacks, and a scenario's operations under its figures.
    /// </summary>
    /// <param name="parts">What the parts are, as the lines list them: "operations", "scenarios".</param>
    /// <param name="owner">The scenario the parts are of; null for the run's.</param>
    private static IEnumerable<string> SliceLines(IReadOnlyList<SliceComparison> slices, string parts, SliceComparison? owner)
    {
        if (slices.Count == 0)
        {
            yield break;
        }

        if (slices is [{ SameAsOwner: true } alone])
        {
            // A scenario of one operation has its figures just above, under the scenario's name: a second block would repeat them.
            if (owner is null)
            {
                yield return $"{parts}: {alone.Name} alone on both sides, so its figures are the run's above (--fail-on takes them as {alone.Scope}.FIGURE too)";
            }

            yield break;
        }

        yield return $"{parts}{(owner is null ? "" : $" of {owner.Name}")}, each measured apart: {string.Join(", ", slices.Select(o => o.Name))}";
        var width = slices.SelectMany(o => o.Figures.Select(f => f.Figure.Name(o.Scope).Length)).DefaultIfEmpty(0).Max();
        foreach (var slice in slices)
        {
            if (slice.Lacking is { } lacking)
            {
                yield return $"{slice.Scope}: {lacking}, so it has nothing to compare";
            }

            foreach (var figure in slice.Figures)
            {
                yield return Line(figure, slice.Scope, width);
            }

            foreach (var line in SliceLines(slice.Operations, "operations", slice))
            {
                yield return line;
            }
        }
    }

    /// <param name="scope">The part of the runs the figure is of, which names it (<c>read.p99</c>); null for the run's.</param>
    /// <param name="width">The width the figure's name is padded to, so that a block of lines aligns.</param>
    public static string Line(FigureComparison figure, string? scope = null, int width = 9)
    {
        var f = figure.Figure;
        var name = f.Name(scope).PadRight(width);
        var level = $"{figure.Level * 100:0}% CI";
        var change = figure.Scale switch
        {
            // A ratio's interval comes from the log scale: never below -100%, and the sides swapped give its inverse.
            ChangeScale.Ratio when figure.RelativeChange is { } relative && figure.RelativeInterval is var (low, high) =>
                $"{SignedPercent(relative * 100)}% ({level} {SignedPercent(low * 100)}% to {SignedPercent(high * 100)}%)",
            ChangeScale.Ratio => "no ratio to a base of 0",
            // A share changes in percentage points: a share of a share would read 0.1% -> 0.2% as +100%.
            ChangeScale.Points => Points(figure, level),
        };
        var deciding = NoiseWords.Deciding(figure) is { } runs ? $"; {runs}" : "";
        var (baseCentre, newCentre) = figure.Centres;
        var centres = figure.CentresAre is { } are ? $" ({are})" : "";
        return $"{name} {FigureFormat.Value(f, baseCentre)} -> {FigureFormat.Value(f, newCentre)}{centres}: {change} {VerdictWords(figure)}{deciding}; {NoiseWords.Of(figure)}";
    }

    public static string VerdictWords(FigureComparison figure) => figure.Verdict switch
    {
        ComparisonVerdict.Better => "better",
        ComparisonVerdict.Worse => "WORSE",
        ComparisonVerdict.NoDifference => "no difference beyond noise",
        ComparisonVerdict.CannotDecide => $"cannot decide: {figure.Undecided ?? "base measured 0, from which no ratio can be taken"}",
    };

    private static string Points(FigureComparison figure, string level)
    {
        var (low, high) = figure.ChangeInterval;
        return $"{Signed(figure.Change)} points ({level} {Signed(low)} to {Signed(high)})";
    }

    /// <summary>What differs between the sides, and how far a change may be put down to it.</summary>
    public static string KnobsSentence(RunComparison comparison) => comparison.Knobs switch
    {
        [] => "knobs: the same on both sides, so a difference is the run-to-run variation of one configuration or a change in the target.",
        [var one] => $"knobs: only {one.Name} differs ({one.Base} -> {one.New}).",
        var many => $"knobs: {many.Count} differ ({string.Join(", ", many.Select(k => $"{k.Name} {k.Base} -> {k.New}"))}), so no change can be put down to one of them.",
    };

    private static string Describe(RunComparison comparison, ComparedSide side) => side.Runs switch
    {
        _ when comparison.Rounds is { } rounds => string.Create(CultureInfo.InvariantCulture,
            $"{side.Path} ({rounds} runs, one a round: {string.Join(", ", side.Runs.Select(r => System.IO.Path.GetFileName(r.Path)))})"),
        [{ Summary.Confidence.TooLittleData: { } why }] => $"{side.Path} (1 run, with no interval of its own: {why})",
        [_] => $"{side.Path} (1 run: its own interval and {RunNoiseWords})",
        _ => $"{side.Path} ({side.Runs.Count.ToString(CultureInfo.InvariantCulture)} runs: the spread of their figures)",
    };

    /// <summary>The gate's line: failed when a gated figure is worse beyond noise; a gated figure that could not be decided is named either way.</summary>
    public static string GateLine(RunComparison comparison, IReadOnlyCollection<GatedFigure> gated)
    {
        var worse = comparison.WorseAmong(gated);
        var undecided = comparison.UndecidedAmong(gated);
        var names = string.Join(",", gated.Select(f => f.Name));
        // A scope neither side's runs have (only --rounds can meet one: two folders refuse it) has no line above to point to.
        var absent = undecided.Where(f => f.Scope is { } scope && comparison.Slice(scope) is null).ToList();
        var withoutService = undecided.Where(f => comparison.WithoutService(f) is not null).ToList();
        var shown = undecided.Except(absent).Except(withoutService).ToList();
        var unknown = (shown.Count > 0 ? $"; {string.Join(", ", shown.Select(f => f.Name))} cannot be decided, see above" : "")
            + string.Concat(absent.Select(f => $"; {f.Name} cannot be decided: neither side's runs have {f.Scope}"))
            + string.Concat(withoutService.Select(f => $"; {f.Name} cannot be decided: {comparison.WithoutService(f)} has no service metrics (summary.json's service), and a gate on them is never passed without"));
        return !comparison.GateFails(gated)
            ? $"gate --fail-on {names}: passed (none worse beyond noise{unknown})"
            : $"gate --fail-on {names}: FAILED ({(worse.Count > 0 ? string.Join(", ", worse.Select(f => f.Name)) : "none")} worse beyond noise{unknown})";
    }

    private const string RunNoiseWords = "the run-to-run variation one run cannot show";

    private static string Signed(double value) =>
        (value >= 0 ? "+" : "-") + Math.Abs(value).ToString(Math.Abs(value) < 1 ? "0.00" : Math.Abs(value) < 10 ? "0.0" : "0", CultureInfo.InvariantCulture);

    // A ratio's fall short of all of it keeps the digits that say so: -99.96% rounded to -100% would read as a fall to nothing.
    private static string SignedPercent(double percent) => percent is > -100 and <= -99.5
        ? (Math.Ceiling(percent * 100) / 100).ToString("0.##", CultureInfo.InvariantCulture)
        : Signed(percent);
}
