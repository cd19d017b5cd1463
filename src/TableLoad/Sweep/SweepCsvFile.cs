using TableLoad.Settings;

namespace TableLoad.Sweep;

/// <summary>sweep.csv on disk: rows already there (for --resume), and one row appended and flushed per finished cell.</summary>
internal sealed class SweepCsvFile : IDisposable
{
    public const string FileName = "sweep.csv";

    private readonly StreamWriter _writer;

    private SweepCsvFile(StreamWriter writer, IReadOnlyList<SweepRow> existing)
    {
        _writer = writer;
        Existing = existing;
    }

    /// <summary>The finished cells the file held when it was opened.</summary>
    public IReadOnlyList<SweepRow> Existing { get; }

    /// <summary>Opens the file for appending, creating it with its header; refuses a file with other columns.</summary>
    public static SweepCsvFile Open(string path)
    {
        var existing = ReadRows(path, out var droppedLines);
        if (droppedLines)
        {
            // A line cut short by a crash would glue onto the next row; keep only whole rows.
            var temporary = path + ".tmp";
            File.WriteAllLines(temporary, [SweepCsv.Header, .. existing.Select(SweepCsv.Format)]);
            File.Move(temporary, path, overwrite: true);
        }

        var isNew = !File.Exists(path) || new FileInfo(path).Length == 0;
        var writer = new StreamWriter(new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.Read)) { NewLine = "\n" };
        if (isNew)
        {
            writer.WriteLine(SweepCsv.Header);
            writer.Flush();
        }

        return new SweepCsvFile(writer, existing);
    }

    /// <summary>The whole rows of an existing sweep.csv; none when the file does not exist.</summary>
    public static IReadOnlyList<SweepRow> ReadRows(string path, out bool droppedLines)
    {
        droppedLines = false;
        if (!File.Exists(path))
        {
            return [];
        }

        var text = File.ReadAllText(path);
        if (text.Length == 0)
        {
            return [];
        }

        var lines = text.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        if (lines[0] != SweepCsv.Header)
        {
            throw new UsageException($"{path} does not have the columns of this tableload's sweep.csv; choose another --output.");
        }

        var rows = new List<SweepRow>();
        foreach (var line in lines.Skip(1).Where(l => l.Length > 0))
        {
            if (SweepCsv.TryParse(line) is { } row)
            {
                rows.Add(row);
            }
            else
            {
                droppedLines = true;
            }
        }

        droppedLines |= !text.EndsWith('\n');
        return rows;
    }

    public void Append(SweepRow row)
    {
        _writer.WriteLine(SweepCsv.Format(row));
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();
}
