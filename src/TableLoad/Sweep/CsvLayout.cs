using TableLoad.Reporting;

namespace TableLoad.Sweep;

/// <summary>
/// The columns of one result CSV (sweep.csv, tune.csv) in the order its header names them. Rows are read by
/// column name, so a file whose columns a spreadsheet reordered, or to which it added one, still resumes; a row
/// appended to it follows its header, with an empty field under a column TableLoad does not know.
/// </summary>
internal sealed class CsvLayout<TRow>
    where TRow : class
{
    // By position in the file; null for a column TableLoad does not know.
    private readonly CsvColumn<TRow>?[] _columns;
    private readonly int _cellPosition;
    private readonly CsvTable<TRow> _table;

    private CsvLayout(CsvTable<TRow> table, IReadOnlyList<string> names)
    {
        _table = table;
        var known = table.Columns.ToDictionary(c => c.Name, StringComparer.Ordinal);
        _columns = names.Select(n => known.GetValueOrDefault(n)).ToArray();
        _cellPosition = names.ToList().IndexOf(table.CellColumn);
        Header = string.Join(',', names.Select(Csv.Text));
    }

    /// <summary>The layout a new file is written with.</summary>
    public static CsvLayout<TRow> Standard(CsvTable<TRow> table) => new(table, table.Columns.Select(c => c.Name).ToList());

    public string Header { get; }

    /// <summary>
    /// The layout of a header line; a <see cref="FormatException"/> completes the sentence
    /// "the file ..." with the columns it lacks or repeats, when its rows cannot be read back.
    /// </summary>
    public static CsvLayout<TRow> FromHeader(string header, CsvTable<TRow> table)
    {
        var names = Csv.Split(header) ?? throw new FormatException("has a header that is not a CSV record");
        var missing = table.Columns.Where(c => !c.Optional).Select(c => c.Name).Except(names, StringComparer.Ordinal).ToList();
        if (missing.Count > 0)
        {
            throw new FormatException($"lacks the column{(missing.Count > 1 ? "s" : "")} {string.Join(", ", missing)} of {table.File}");
        }

        var repeated = table.Columns.Select(c => c.Name).Where(n => names.Count(m => m == n) > 1).ToList();
        if (repeated.Count > 0)
        {
            throw new FormatException($"has the column{(repeated.Count > 1 ? "s" : "")} {string.Join(", ", repeated)} more than once");
        }

        return new CsvLayout<TRow>(table, names);
    }

    public string Format(TRow row) => string.Join(',', _columns.Select(c => c?.Write(row) ?? ""));

    /// <summary>Reads a row back (for --resume); null when the line is not a whole row, e.g. cut short by a crash or its name edited.</summary>
    public TRow? TryParse(string line)
    {
        if (Csv.Split(line) is not { } fields || fields.Count != _columns.Length)
        {
            return null;
        }

        try
        {
            var row = _table.Blank();
            for (var i = 0; i < _columns.Length; i++)
            {
                row = _columns[i]?.Read(row, fields[i]) ?? row;
            }

            row = _table.Complete(row);
            return _table.CellName(row) == fields[_cellPosition] ? row : null;
        }
        catch (Exception ex) when (ex is FormatException or OverflowException)
        {
            return null;
        }
    }
}
