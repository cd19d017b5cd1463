using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement.Gates;

/// <summary>One <c>--fail-if</c> threshold's verdict as summary.json records it, so a script reads the gate from the figures' own file.</summary>
/// <param name="Condition">The threshold as written: <c>p99&lt;500ms</c>.</param>
/// <param name="Figure">The figure's name: <c>p99</c>.</param>
/// <param name="Unit">The unit of <paramref name="Bound"/>, <paramref name="Value"/> and <paramref name="Interval"/>: e/s, ms, % or µs.</param>
/// <param name="Comparison">The comparison: &lt;, &lt;=, &gt; or &gt;=.</param>
/// <param name="Value">The figure as measured; null when nothing was measured it could be read from (the threshold then failed).</param>
/// <param name="Interval">The figure's 95% interval; null where the run has none for it.</param>
internal sealed record ThresholdResult(string Condition, string Figure, string Unit, string Comparison, double Bound, double? Value, ConfidenceInterval? Interval, bool Passed)
{
    /// <summary>The part of the run the threshold judged (an operation: <c>read</c> of <c>read.p99&lt;20ms</c>); absent for the whole run.</summary>
    public string? Scope { get; init; }

    public static ThresholdResult Of(ThresholdVerdict verdict)
    {
        var threshold = verdict.Threshold;
        return new ThresholdResult(
            threshold.Text,
            threshold.Figure.Name(),
            FigureFormat.Unit(threshold.Figure),
            threshold.Comparison.Symbol(),
            threshold.Bound,
            verdict.Value,
            verdict.Interval,
            verdict.Passed)
        {
            Scope = threshold.Scope,
        };
    }
}
