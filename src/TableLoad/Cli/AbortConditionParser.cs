using TableLoad.Measurement.Gates;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Cli;

/// <summary>
/// Reads <c>--abort-if</c> expressions: comma-separated <c>[SCOPE.]FIGURE OP VALUE for WINDOW</c>, with <c>--fail-if</c>'s
/// scopes, figures, comparisons and values (<see cref="ThresholdParser"/>) and one more bound, <c>N*target</c>.
/// Every fault is named, not just the first.
/// </summary>
internal static class AbortConditionParser
{
    public const string Example = "throttled>5% for 10s";

    private const string Window = " for ";
    private const string Target = "target";

    /// <summary>Parses every condition of <paramref name="expressions"/>; <paramref name="faults"/> gets one sentence per bad condition.</summary>
    public static IReadOnlyList<AbortCondition> Parse(IEnumerable<string> expressions, string optionName, List<string> faults) =>
        ThresholdParser.ParseEach<AbortCondition>(expressions, optionName, faults, TryParseCondition);

    private static bool TryParseCondition(string condition, out AbortCondition parsed, out string fault)
    {
        parsed = null!;
        var split = condition.LastIndexOf(Window, StringComparison.OrdinalIgnoreCase);
        if (split < 0)
        {
            fault = $"has no window; write FIGURE OP VALUE for WINDOW, for example {Example}.";
            return false;
        }

        var expression = condition[..split].Trim();
        if (!ThresholdParser.TrySplit(expression, Example, out var scope, out var figure, out var comparison, out var valueText, out fault)
            || !TryParseWindow(condition[(split + Window.Length)..], out var seconds, out fault)
            || !TryParseBound(scope, figure, valueText, out var bound, out fault))
        {
            return false;
        }

        if (!figure.IsMeasuredPerScope())
        {
            fault = $"judges {figure.Name()}, which is measured over the whole run and not second by second; use --fail-if for it.";
            return false;
        }

        parsed = new AbortCondition(figure, comparison, bound, seconds, $"{expression.Replace(" ", "", StringComparison.Ordinal)} for {seconds}s") { Scope = scope };
        return true;
    }

    // Windows are made of the run's one-second windows, so a part of a second cannot be judged.
    private static bool TryParseWindow(string text, out int seconds, out string fault)
    {
        seconds = 0;
        fault = "";
        if (!DurationParser.TryParse(text, out var window) || window.Ticks % TimeSpan.TicksPerSecond != 0 || window < TimeSpan.FromSeconds(1))
        {
            fault = $"needs a window of whole seconds after 'for', at least 1s, for example {Example}.";
            return false;
        }

        seconds = (int)Math.Min(window.TotalSeconds, int.MaxValue);
        return true;
    }

    private static bool TryParseBound(string? scope, RunFigure figure, string text, out AbortBound bound, out string fault)
    {
        bound = null!;
        if (!text.EndsWith(Target, StringComparison.OrdinalIgnoreCase))
        {
            var parsed = ThresholdParser.TryParseValue(figure, text, out var value, out fault);
            bound = new AbortBound.Fixed(value);
            return parsed;
        }

        var factorText = text[..^Target.Length].Trim();
        var factor = 1.0;
        if (figure.Unit() != FigureUnit.EntitiesPerSecond)
        {
            fault = $"compares {figure.Name()} with the target, which is entities per second; only eps may be, for example eps<0.8*target for 10s.";
            return false;
        }

        // The target is what the whole run is meant to store, not one operation's share of it.
        if (scope is not null)
        {
            fault = $"compares {figure.Name(scope)} with the target, which is the whole run's entities per second; compare {scope}.eps with a number, or drop '{scope}.' to compare the run's.";
            return false;
        }

        if (factorText.Length > 0 && !(factorText.EndsWith('*') && Percentage.TryNumber(factorText[..^1], out factor)))
        {
            fault = "needs a bound such as 0.8*target: a number, '*' and target.";
            return false;
        }

        fault = "";
        bound = new AbortBound.TimesTarget(factor);
        return true;
    }
}
