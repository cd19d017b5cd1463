using TableLoad.Settings;

namespace TableLoad.Sweep;

/// <summary>
/// sweep.csv on disk: rows already there (for --resume), read by the file's own header, and one row
/// appended and flushed per finished cell, in that header's column order.
/// </summary>
internal sealed class SweepCsvFile : IDisposable
{
    private readonly StreamWriter _writer;
    private readonly SweepCsvLayout _layout;

    private SweepCsvFile(StreamWriter writer, SweepCsvLayout layout, IReadOnlyList<SweepRow> existing)
    {
        _writer = writer;
        _layout = layout;
        Existing = existing;
    }

    /// <summary>The finished cells the file held when it was opened.</summary>
    public IReadOnlyList<SweepRow> Existing { get; }

    /// <summary>Opens the file for appending, creating it with its header; refuses a file that lacks a column of sweep.csv.</summary>
    public static SweepCsvFile Open(string path)
    {
        var text = File.Exists(path) ? File.ReadAllText(path) : "";
        if (text.Length == 0)
        {
            var fresh = OpenForAppending(path);
            fresh.WriteLine(SweepCsvLayout.Standard.Header);
            fresh.Flush();
            return new SweepCsvFile(fresh, SweepCsvLayout.Standard, []);
        }

        var lines = text.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        var layout = ReadLayout(path, lines[0]);
        var rows = new List<SweepRow>();
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

        return new SweepCsvFile(OpenForAppending(path), layout, rows);
    }

    public void Append(SweepRow row)
    {
        _writer.WriteLine(_layout.Format(row));
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();

    private static SweepCsvLayout ReadLayout(string path, string header)
    {
        try
        {
            return SweepCsvLayout.FromHeader(header);
        }
        catch (FormatException ex)
        {
            throw new UsageException($"{path} {ex.Message}, so its rows cannot be resumed; choose another --output.");
        }
    }

    private static StreamWriter OpenForAppending(string path) =>
        new(new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.Read)) { NewLine = "\n" };
}
