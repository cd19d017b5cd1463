namespace TableLoad.Sweep;

/// <summary>
/// A result CSV's columns, each declared once, in the order a new file has them; its rows are named by
/// <see cref="CellColumn"/>, made from the row's knobs, so reading a row checks the name against them.
/// </summary>
/// <param name="File">The file's name, for the sentences: "sweep.csv".</param>
/// <param name="Blank">A row for the reader to fill column by column.</param>
/// <param name="CellName">The name a row's knobs make.</param>
internal sealed record CsvTable<TRow>(string File, IReadOnlyList<CsvColumn<TRow>> Columns, string CellColumn, Func<TRow> Blank, Func<TRow, string> CellName)
{
    /// <summary>What a row read column by column becomes once every column is read: values that span columns judged whole.</summary>
    public Func<TRow, TRow> Complete { get; init; } = row => row;
}
