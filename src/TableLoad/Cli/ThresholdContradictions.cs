using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Cli;

/// <summary>
/// Finds the thresholds of one gate that no run could meet together (p99&lt;5s with p99&gt;10s), or one that no
/// run could meet at all (p99&lt;0ms): every figure is at least 0, and a share at most 100%.
/// </summary>
internal static class ThresholdContradictions
{
    /// <summary>One sentence per figure (of the run, or of one scope) whose thresholds can never all hold.</summary>
    public static IEnumerable<string> Of(IReadOnlyList<Threshold> thresholds, string optionName)
    {
        foreach (var (scope, figure) in thresholds.Select(t => (t.Scope, t.Figure)).Distinct())
        {
            var lowest = new Edge(0, Strict: false, null);
            var highest = new Edge(figure.Unit() == FigureUnit.Percent ? 100 : double.PositiveInfinity, Strict: false, null);
            foreach (var threshold in thresholds.Where(t => t.Figure == figure && t.Scope == scope))
            {
                (lowest, highest) = Narrowed(threshold, lowest, highest);
            }

            var empty = lowest.Value > highest.Value || (lowest.Value == highest.Value && (lowest.Strict || highest.Strict));
            if (empty)
            {
                yield return Sentence(figure.Name(scope), figure, optionName, lowest, highest);
            }
        }
    }

    private static (Edge Lowest, Edge Highest) Narrowed(Threshold threshold, Edge lowest, Edge highest) => threshold.Comparison switch
    {
        ThresholdComparison.Below => (lowest, Tighter(highest, new Edge(threshold.Bound, Strict: true, threshold), upper: true)),
        ThresholdComparison.AtMost => (lowest, Tighter(highest, new Edge(threshold.Bound, Strict: false, threshold), upper: true)),
        ThresholdComparison.Above => (Tighter(lowest, new Edge(threshold.Bound, Strict: true, threshold), upper: false), highest),
        ThresholdComparison.AtLeast => (Tighter(lowest, new Edge(threshold.Bound, Strict: false, threshold), upper: false), highest),
    };

    private static Edge Tighter(Edge current, Edge candidate, bool upper)
    {
        var tighter = upper ? candidate.Value < current.Value : candidate.Value > current.Value;
        return tighter || (candidate.Value == current.Value && candidate.Strict) ? candidate : current;
    }

    /// <param name="name">The figure as the conditions name it, with their scope: <c>read.p99</c>.</param>
    private static string Sentence(string name, RunFigure figure, string optionName, Edge lowest, Edge highest) => (lowest.From, highest.From) switch
    {
        ({ } above, { } below) => $"{optionName} '{above.Text}' and '{below.Text}' can never both hold, so the gate could never pass; keep the one you mean.",
        (null, { } below) => $"{optionName} '{below.Text}' can never hold: {name} is never below {FigureFormat.Value(figure, 0)}.",
        ({ } above, null) => $"{optionName} '{above.Text}' can never hold: {name} is never above {FigureFormat.Value(figure, 100)}.",
        (null, null) => throw new InvalidOperationException("A figure's own range is never empty."),
    };

    /// <summary>One end of the values the thresholds allow; <paramref name="From"/> is the threshold that set it, null for the figure's own range.</summary>
    private readonly record struct Edge(double Value, bool Strict, Threshold? From);
}
