using TableLoad.Settings;

namespace TableLoad.Sweep;

/// <summary>
/// A result CSV on disk (sweep.csv, tune.csv): rows already there (for --resume), read by the file's own
/// header, and one row appended and flushed per finished child run, in that header's column order.
/// </summary>
internal sealed class RowsCsvFile<TRow> : IDisposable
    where TRow : class
{
    private readonly StreamWriter _writer;
    private readonly CsvLayout<TRow> _layout;

    private RowsCsvFile(StreamWriter writer, CsvLayout<TRow> layout, IReadOnlyList<TRow> existing)
    {
        _writer = writer;
        _layout = layout;
        Existing = existing;
    }

    /// <summary>The finished cells the file held when it was opened.</summary>
    public IReadOnlyList<TRow> Existing { get; }

    /// <summary>Opens the file for appending, creating it with its header; refuses a file that lacks one of the table's columns.</summary>
    public static RowsCsvFile<TRow> Open(string path, CsvTable<TRow> table)
    {
        var text = File.Exists(path) ? File.ReadAllText(path) : "";
        if (text.Length == 0)
        {
            var fresh = OpenForAppending(path);
            fresh.WriteLine(CsvLayout<TRow>.Standard(table).Header);
            fresh.Flush();
            return new RowsCsvFile<TRow>(fresh, CsvLayout<TRow>.Standard(table), []);
        }

        var lines = text.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        var layout = ReadLayout(path, lines[0], table);
        var rows = new List<TRow>();
        var wholeLines = new List<string>();
        var dropped = !text.EndsWith('\n');
        foreach (var line in lines.Skip(1).Where(l => l.Length > 0))
        {
            if (layout.TryParse(line) is { } row)
            {
                rows.Add(row);
                wholeLines.Add(line);
            }
            else
            {
                dropped = true;
            }
        }

        if (dropped)
        {
            // A line cut short by a crash would glue onto the next row; keep only whole rows, as the file has them.
            var temporary = path + ".tmp";
            File.WriteAllText(temporary, string.Join('\n', wholeLines.Prepend(lines[0])) + "\n");
            File.Move(temporary, path, overwrite: true);
        }

        return new RowsCsvFile<TRow>(OpenForAppending(path), layout, rows);
    }

    public void Append(TRow row)
    {
        _writer.WriteLine(_layout.Format(row));
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();

    private static CsvLayout<TRow> ReadLayout(string path, string header, CsvTable<TRow> table)
    {
        try
        {
            return CsvLayout<TRow>.FromHeader(header, table);
        }
        catch (FormatException ex)
        {
            throw new UsageException($"{path} {ex.Message}, so its rows cannot be resumed; choose another --output.");
        }
    }

    private static StreamWriter OpenForAppending(string path) =>
        new(new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.Read)) { NewLine = "\n" };
}
