namespace TableLoad.Settings.Gates;

internal enum ThresholdComparison
{
    Below,
    AtMost,
    Above,
    AtLeast,
}

/// <summary>One condition a run must meet, as written in <c>--fail-if</c> (for example <c>p99&lt;500ms</c>).</summary>
/// <param name="Bound">In the figure's unit: milliseconds, entities per second, percent or microseconds.</param>
/// <param name="Text">The condition as written, without spaces, its scope included: how run.json records it and every line names it.</param>
internal sealed record Threshold(RunFigure Figure, ThresholdComparison Comparison, double Bound, string Text)
{
    /// <summary>The name before the figure's dot (<c>read.p99&lt;20ms</c>): the part of the run it judges, one of <see cref="GateScopes"/>; null for the whole run.</summary>
    public string? Scope { get; init; }

    public bool IsMetBy(double value) => Comparison switch
    {
        ThresholdComparison.Below => value < Bound,
        ThresholdComparison.AtMost => value <= Bound,
        ThresholdComparison.Above => value > Bound,
        ThresholdComparison.AtLeast => value >= Bound,
    };
}
