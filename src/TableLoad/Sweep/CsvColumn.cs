namespace TableLoad.Sweep;

/// <summary>One column of a result CSV (sweep.csv, tune.csv): its name, how a row's field is written, and how the text read back sets it.</summary>
/// <param name="Read">Returns the row with this column's field set from its text; a <see cref="FormatException"/> or <see cref="OverflowException"/> when the text is not one.</param>
internal sealed record CsvColumn<TRow>(string Name, Func<TRow, string> Write, Func<TRow, string, TRow> Read)
{
    /// <summary>A column files written before it existed lack: their rows keep the field's default.</summary>
    public bool Optional { get; init; }

    /// <summary>The same column of a row that holds this one (tune.csv's rows hold sweep.csv's).</summary>
    public CsvColumn<TOuter> Within<TOuter>(Func<TOuter, TRow> get, Func<TOuter, TRow, TOuter> set) =>
        new(Name, outer => Write(get(outer)), (outer, text) => set(outer, Read(get(outer), text))) { Optional = Optional };
}
