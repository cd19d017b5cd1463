using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

internal static class ThresholdComparisons
{
    public static string Symbol(this ThresholdComparison comparison) => comparison switch
    {
        ThresholdComparison.Below => "<",
        ThresholdComparison.AtMost => "<=",
        ThresholdComparison.Above => ">",
        ThresholdComparison.AtLeast => ">=",
    };

    /// <summary>The bound as the verdict lines print it: <c>&lt; 500 ms</c>.</summary>
    public static string BoundText(this Threshold threshold) => $"{threshold.Comparison.Symbol()} {FigureFormat.Value(threshold.Figure, threshold.Bound)}";
}
