namespace TableLoad.Settings.Gates;

/// <summary>One <c>--abort-if</c> condition (for example <c>throttled&gt;5% for 10s</c>): a figure of the last seconds that stops the run when it holds.</summary>
/// <param name="WindowSeconds">The whole seconds the figure is measured over, the latest measured ones.</param>
/// <param name="Text">The condition as written, without spaces around its figure and comparison.</param>
internal sealed record AbortCondition(RunFigure Figure, ThresholdComparison Comparison, AbortBound Bound, int WindowSeconds, string Text)
{
    /// <summary>The name before the figure's dot, as <see cref="Threshold.Scope"/>: judged on that part of each second; null for the whole second.</summary>
    public string? Scope { get; init; }

    /// <summary>The threshold the condition is, for a window whose target was <paramref name="target"/>; the run stops when it is met.</summary>
    public Threshold At(double? target) => new(Figure, Comparison, Bound.At(target), Text) { Scope = Scope };
}
