namespace TableLoad.Settings.Gates;

/// <summary>A run's gates, parsed once from their options: the <c>--fail-if</c> thresholds and the <c>--abort-if</c> conditions.</summary>
/// <param name="FailIf">Judged on the run's figures at its end; none when not given.</param>
/// <param name="AbortIf">Judged each second on the last seconds; none when not given.</param>
internal sealed record GateSettings(IReadOnlyList<Threshold> FailIf, IReadOnlyList<AbortCondition> AbortIf)
{
    public static GateSettings None { get; } = new([], []);

    public bool Any => FailIf.Count > 0 || AbortIf.Count > 0;

    // Two runs with the same conditions have the same gates, whichever lists hold them.
    public bool Equals(GateSettings? other) =>
        other is not null && FailIf.SequenceEqual(other.FailIf) && AbortIf.SequenceEqual(other.AbortIf);

    public override int GetHashCode() => HashCode.Combine(FailIf.Count, AbortIf.Count);
}
