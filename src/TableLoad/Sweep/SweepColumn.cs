namespace TableLoad.Sweep;

/// <summary>One column of sweep.csv: its name, how a row's field is written, and how the text read back sets it.</summary>
/// <param name="Read">Returns the row with this column's field set from its text; a <see cref="FormatException"/> or <see cref="OverflowException"/> when the text is not one.</param>
internal sealed record SweepColumn(string Name, Func<SweepRow, string> Write, Func<SweepRow, string, SweepRow> Read)
{
    /// <summary>A column sweeps written before it existed lack: their rows keep the field's default.</summary>
    public bool Optional { get; init; }
}
