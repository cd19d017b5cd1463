using System.Globalization;

namespace TableLoad.Measurement.Gates;

internal enum ThresholdComparison
{
    Below,
    AtMost,
    Above,
    AtLeast,
}

/// <summary>One condition a run must meet, as written in <c>--fail-if</c> (for example <c>p99&lt;500ms</c>).</summary>
/// <param name="Bound">In the figure's unit: milliseconds, entities per second, percent or microseconds.</param>
internal sealed record Threshold(RunFigure Figure, ThresholdComparison Comparison, double Bound, string Text)
{
    public bool IsMetBy(double value) => Comparison switch
    {
        ThresholdComparison.Below => value < Bound,
        ThresholdComparison.AtMost => value <= Bound,
        ThresholdComparison.Above => value > Bound,
        ThresholdComparison.AtLeast => value >= Bound,
    };

    public string Operator => Comparison.Symbol();

    /// <summary>The bound as the verdict lines print it: <c>&lt; 500 ms</c>.</summary>
    public string BoundText => $"{Operator} {FigureFormat.Value(Figure, Bound)}";
}

internal static class ThresholdComparisons
{
    public static string Symbol(this ThresholdComparison comparison) => comparison switch
    {
        ThresholdComparison.Below => "<",
        ThresholdComparison.AtMost => "<=",
        ThresholdComparison.Above => ">",
        ThresholdComparison.AtLeast => ">=",
    };
}

/// <summary>A figure's value in its unit, as TableLoad prints it.</summary>
internal static class FigureFormat
{
    public static string Value(RunFigure figure, double value) => Bare(figure, value) + figure.Unit() switch
    {
        FigureUnit.EntitiesPerSecond => " e/s",
        FigureUnit.Milliseconds => " ms",
        FigureUnit.Percent => "%",
        FigureUnit.Microseconds => " µs",
    };

    /// <summary>A number alone, rounded as <see cref="Value"/> rounds it, for intervals printed beside a value.</summary>
    public static string Bare(RunFigure figure, double value) => figure.Unit() switch
    {
        FigureUnit.EntitiesPerSecond => Number(value, 0),
        FigureUnit.Milliseconds => Number(value, value < 10 ? 2 : 1),
        FigureUnit.Percent => Number(value, value < 1 ? 3 : 2),
        FigureUnit.Microseconds => Number(value, 1),
    };

    private static string Number(double value, int decimals) =>
        Math.Round(value, decimals, MidpointRounding.AwayFromZero).ToString(decimals == 0 ? "0" : "0." + new string('#', decimals), CultureInfo.InvariantCulture);
}
