namespace TableLoad.Sweep;

/// <summary>
/// <c>--stop-when-throttled P%</c>, the knee search: along the innermost knob with more than one value,
/// once a cell throttles more than P% of its batches, the later values of that knob are skipped for
/// the same values of every other knob (and the same repeat pass).
/// </summary>
internal sealed class ThrottleStopRule(SweepKnobs knobs, double? limitPercent)
{
    private readonly SweepKnob? _knob = limitPercent is null ? null : knobs.InnermostVarying();
    private readonly Dictionary<SweepCell, SweepRow> _stoppedBy = [];

    /// <summary>The knob whose climb the rule ends, or null when there is none (no limit, or nothing varies).</summary>
    public SweepKnob? Knob => _knob;

    /// <summary>The finished cell that throttled past the limit and so rules <paramref name="cell"/> out, if any.</summary>
    public SweepRow? StoppedBy(SweepCell cell) =>
        _knob is { } knob && _stoppedBy.TryGetValue(cell.Without(knob), out var row) ? row : null;

    /// <summary>Takes a finished cell into account; true when it ends its knob's climb.</summary>
    public bool Observe(SweepRow row)
    {
        if (_knob is not { } knob || row.ThrottledPercent <= limitPercent)
        {
            return false;
        }

        return _stoppedBy.TryAdd(row.Cell.Without(knob), row);
    }
}
