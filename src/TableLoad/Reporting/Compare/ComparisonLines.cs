using System.Globalization;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Compare;

/// <summary>compare's printed lines: the sides, one line per figure with its verdict, and what differs between the sides.</summary>
internal static class ComparisonLines
{
    public static IEnumerable<string> Of(RunComparison comparison)
    {
        yield return $"base: {Describe(comparison.Base)}";
        yield return $"new:  {Describe(comparison.New)}";
        foreach (var figure in comparison.Figures)
        {
            yield return Line(figure);
        }

        yield return KnobsSentence(comparison);
    }

    public static string Line(FigureComparison figure)
    {
        var f = figure.Figure;
        var (low, high) = figure.ChangeInterval;
        // A share changes in percentage points: a share of a share would read 0.1% -> 0.2% as +100%.
        var change = f.Unit() != FigureUnit.Percent && figure.RelativeChange is { } relative
            ? $"{Signed(relative * 100)}% ({figure.Level * 100:0}% CI {Signed(low / Math.Abs(figure.Base.Value) * 100)}% to {Signed(high / Math.Abs(figure.Base.Value) * 100)}%)"
            : $"{Signed(figure.Change)} {PointsOr(f)}({figure.Level * 100:0}% CI {Signed(low)} to {Signed(high)})";
        var verdict = figure.Verdict switch
        {
            ComparisonVerdict.Better => "better",
            ComparisonVerdict.Worse => "WORSE",
            ComparisonVerdict.NoDifference => "no difference beyond noise",
        };
        return $"{f.Name(),-9} {FigureFormat.Value(f, figure.Base.Value)} -> {FigureFormat.Value(f, figure.New.Value)}: {change} {verdict}";
    }

    /// <summary>What differs between the sides, and how far a change may be put down to it.</summary>
    public static string KnobsSentence(RunComparison comparison) => comparison.Knobs switch
    {
        [] => "knobs: the same on both sides, so a difference is the run-to-run variation of one configuration or a change in the target.",
        [var one] => $"knobs: only {one.Name} differs ({one.Base} -> {one.New}).",
        var many => $"knobs: {many.Count} differ ({string.Join(", ", many.Select(k => $"{k.Name} {k.Base} -> {k.New}"))}), so no change can be put down to one of them.",
    };

    private static string Describe(ComparedSide side) => side.Runs.Count == 1
        ? $"{side.Path} (1 run: its own interval and {RunNoiseWords})"
        : $"{side.Path} ({side.Runs.Count.ToString(CultureInfo.InvariantCulture)} runs: the spread of their figures)";

    private const string RunNoiseWords = "the run-to-run variation one run cannot show";

    private static string PointsOr(RunFigure figure) => figure.Unit() == FigureUnit.Percent ? "points " : "";

    private static string Signed(double value) =>
        (value >= 0 ? "+" : "-") + Math.Abs(value).ToString(Math.Abs(value) < 1 ? "0.00" : Math.Abs(value) < 10 ? "0.0" : "0", CultureInfo.InvariantCulture);
}
