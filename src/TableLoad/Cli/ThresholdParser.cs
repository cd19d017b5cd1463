using TableLoad.Measurement.Gates;
using TableLoad.Settings;
using TableLoad.Settings.Gates;

namespace TableLoad.Cli;

/// <summary>
/// Reads <c>--fail-if</c> expressions: comma-separated conditions <c>[SCOPE.]FIGURE OP VALUE</c> such as
/// <c>p99&lt;500ms,eps&gt;2000,read.p99&lt;20ms</c>. Every fault is named, not just the first.
/// </summary>
internal static class ThresholdParser
{
    public const string Example = "p99<500ms,eps>2000,throttled<1%";

    // Longest first, so "<=" is not read as "<" followed by "=500ms".
    private static readonly (string Symbol, ThresholdComparison Comparison)[] Operators =
    [
        ("<=", ThresholdComparison.AtMost),
        (">=", ThresholdComparison.AtLeast),
        ("<", ThresholdComparison.Below),
        (">", ThresholdComparison.Above),
    ];

    /// <summary>Parses every condition of <paramref name="expressions"/>; <paramref name="faults"/> gets one sentence per bad condition, and one per set that can never pass.</summary>
    public static IReadOnlyList<Threshold> Parse(IEnumerable<string> expressions, string optionName, List<string> faults)
    {
        var thresholds = ParseEach<Threshold>(expressions, optionName, faults, TryParseCondition);
        faults.AddRange(ThresholdContradictions.Of(thresholds, optionName));
        return thresholds;
    }

    /// <summary>Reads each comma-separated condition with <paramref name="read"/>; <paramref name="faults"/> gets one sentence per bad one, naming it.</summary>
    public static IReadOnlyList<T> ParseEach<T>(IEnumerable<string> expressions, string optionName, List<string> faults, ConditionReader<T> read)
    {
        var parsed = new List<T>();
        foreach (var condition in expressions.SelectMany(e => e.Split(',', StringSplitOptions.TrimEntries)))
        {
            if (read(condition, out var one, out var fault))
            {
                parsed.Add(one);
            }
            else
            {
                faults.Add($"{optionName} '{condition}' {fault}");
            }
        }

        return parsed;
    }

    private static bool TryParseCondition(string condition, out Threshold threshold, out string fault)
    {
        threshold = null!;
        if (condition.Length == 0)
        {
            fault = $"is an empty condition; write FIGURE OP VALUE, for example {Example}.";
            return false;
        }

        if (!TrySplit(condition, Example, out var scope, out var figure, out var comparison, out var valueText, out fault)
            || !TryParseValue(figure, valueText, out var bound, out fault))
        {
            return false;
        }

        threshold = new Threshold(figure, comparison, bound, condition.Replace(" ", "", StringComparison.Ordinal)) { Scope = scope };
        return true;
    }

    /// <summary>Reads a condition's scope, figure and comparison; the text after the comparison is the caller's to read as a bound.</summary>
    /// <param name="example">Conditions such as the caller's option takes, for the sentence that says how to write one.</param>
    /// <param name="scope">The name before the figure's dot (<c>read</c> of <c>read.p99</c>); null for the whole run.</param>
    public static bool TrySplit(string condition, string example, out string? scope, out RunFigure figure, out ThresholdComparison comparison, out string valueText, out string fault)
    {
        scope = null;
        figure = default;
        valueText = "";
        (var index, var symbol, comparison) = FindOperator(condition);
        if (index < 0)
        {
            fault = $"has no comparison (<, <=, >, >=); write FIGURE OP VALUE, for example {example}.";
            return false;
        }

        valueText = condition[(index + symbol.Length)..].Trim();
        return TryParseScoped(condition[..index], $" before '{symbol}'", "read.p99<20ms", out scope, out figure, out fault);
    }

    /// <summary>
    /// Reads a figure as every gate names it, <c>[SCOPE.]FIGURE</c>: the run's (<c>p99</c>), or a part's, named before the last dot (an
    /// operation, a scenario, or a scenario's operation: <c>lookups.read.p99</c>). Whether the scope is a part of the run is the caller's to judge.
    /// </summary>
    /// <param name="where">Where the figure stands, for the sentence that finds none: " before '&lt;'", or "".</param>
    /// <param name="example">A scoped figure as the caller's option writes one: <c>read.p99&lt;20ms</c>, <c>read.p99</c>.</param>
    /// <param name="scope">The name before the figure's dot (<c>read</c> of <c>read.p99</c>); null for the whole run.</param>
    public static bool TryParseScoped(string text, string where, string example, out string? scope, out RunFigure figure, out string fault)
    {
        scope = null;
        fault = "";
        var name = text.Trim();
        // The service's figures are named with their own dot (service.server_latency): whole, they are no scope's.
        if (RunFigures.TryParse(name, out figure) && figure.IsServices())
        {
            return true;
        }

        // Other figures hold no '.', so the last dot ends the scope: an operation, a scenario, or a scenario's operation (lookups.read).
        var dot = name.LastIndexOf('.');
        if (dot >= 0)
        {
            scope = name[..dot].Trim();
            name = name[(dot + 1)..].Trim();
            if (scope.Length == 0)
            {
                figure = default;
                fault = $"has a dot with no name before it; write SCOPE.FIGURE, for example {example}, or the figure alone for the whole run.";
                return false;
            }
        }

        if (!RunFigures.TryParse(name, out figure))
        {
            fault = name.Length == 0
                ? $"names no figure{where} (figures: {RunFigures.Names()})."
                : $"names no figure TableLoad measures: '{name}' (figures: {RunFigures.Names()}).";
            return false;
        }

        if (scope is not null && !figure.IsMeasuredPerScope())
        {
            fault = $"scopes {figure.Name()} by '{scope}', but {figure.Name()} is measured for the whole process, not for each operation; drop '{scope}.' to judge the run's.";
            return false;
        }

        return true;
    }

    private static (int Index, string Symbol, ThresholdComparison Comparison) FindOperator(string condition)
    {
        for (var i = 0; i < condition.Length; i++)
        {
            foreach (var (symbol, comparison) in Operators)
            {
                if (string.CompareOrdinal(condition, i, symbol, 0, symbol.Length) == 0)
                {
                    return (i, symbol, comparison);
                }
            }
        }

        return (-1, "", default);
    }

    /// <summary>Reads a bound in <paramref name="figure"/>'s unit, as written after the comparison.</summary>
    public static bool TryParseValue(RunFigure figure, string text, out double bound, out string fault)
    {
        (bound, fault) = Percentage.IsNegative(text)
            ? (0, $"has a negative bound, '{text.Trim()}': {figure.Name()} is never below 0, so compare it with 0 or more.")
            : figure.Unit() switch
            {
                FigureUnit.Milliseconds => text.Length > 0 && char.IsAsciiLetter(text[^1]) && DurationParser.TryParse(text, out var duration)
                    ? (duration.TotalMilliseconds, "")
                    : (0, $"needs a latency with its unit after the comparison, for example 500ms or 2s: {figure.Name()} is batch latency."),
                FigureUnit.Percent => Percentage.TryParse(text, signOptional: false, out var share)
                    ? (share, "")
                    : (0, $"needs a share from 0% to 100% after the comparison, for example 1% or 0.1%: {figure.Name()} is a share of the measured {Figures.Of(figure).ShareOf}."),
                FigureUnit.EntitiesPerSecond => Percentage.TryNumber(WithoutSuffix(text, "e/s"), out var rate)
                    ? (rate, "")
                    : (0, "needs a number of entities per second after the comparison, for example eps>2000."),
                FigureUnit.Microseconds => Percentage.TryNumber(WithoutSuffix(WithoutSuffix(text, "us"), "µs"), out var micros)
                    ? (micros, "")
                    : (0, "needs client CPU microseconds per entity after the comparison, for example cpu<50us."),
            };
        return fault.Length == 0;
    }

    private static string WithoutSuffix(string text, string suffix) =>
        text.EndsWith(suffix, StringComparison.Ordinal) ? text[..^suffix.Length] : text;
}
