namespace TableLoad.Measurement;

/// <summary>The <c>--abort-if</c> condition that stopped the run, and the figures at the second it held.</summary>
/// <param name="Condition">The condition as written, with its window: <c>throttled&gt;5% for 10s</c>.</param>
/// <param name="AtSecond">Seconds into the measured period at the end of the window in which it held.</param>
/// <param name="Figure">The condition's figure over that window, in the figure's unit.</param>
/// <param name="Target">The fleet's target entities per second at that second; null in the closed model, which has none.</param>
internal sealed record StoppedBy(
    [property: Merge(MergeRule.Join)] string Condition,
    [property: Merge(MergeRule.Min)] long AtSecond,
    [property: Merge(MergeRule.Max)] double Figure,
    [property: Merge(MergeRule.Sum)] double? Target)
{
    /// <summary>The sentence the run printed when it stopped; null in folders written before summary.json kept it.</summary>
    [Merge(MergeRule.Join)]
    public string? Sentence { get; init; }
}
