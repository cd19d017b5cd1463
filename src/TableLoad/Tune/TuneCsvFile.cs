using System.Globalization;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>
/// tune.csv on disk: sweep.csv's columns (so every reader of a sweep reads it) followed by role, step, verdict
/// and ordinal; one row appended and flushed per finished probe or confirm run; the rows already there for --resume.
/// </summary>
internal sealed class TuneCsvFile : IDisposable
{
    private static readonly string[] TuneColumns = ["role", "step", "verdict", "ordinal"];
    private readonly StreamWriter _writer;

    private TuneCsvFile(StreamWriter writer, IReadOnlyList<TuneRow> existing)
    {
        _writer = writer;
        Existing = existing;
    }

    public static string Header => SweepCsvLayout.Standard.Header + "," + string.Join(',', TuneColumns);

    /// <summary>The rows the file held when it was opened.</summary>
    public IReadOnlyList<TuneRow> Existing { get; }

    public static TuneCsvFile Open(string path)
    {
        var lines = File.Exists(path) ? File.ReadAllLines(path).Where(l => l.Length > 0).ToList() : [];
        if (lines.Count == 0)
        {
            var fresh = OpenForAppending(path);
            fresh.WriteLine(Header);
            fresh.Flush();
            return new TuneCsvFile(fresh, []);
        }

        if (lines[0] != Header)
        {
            throw new UsageException($"{path} does not have tune.csv's columns, so its probes cannot be resumed; choose another --output.");
        }

        // A line cut short by a crash is left out (its probe runs again) and the file keeps only whole rows.
        var rows = lines.Skip(1).Select(Parse).ToList();
        var whole = rows.OfType<TuneRow>().ToList();
        if (whole.Count < rows.Count)
        {
            var temporary = path + ".tmp";
            File.WriteAllLines(temporary, lines.Take(1).Concat(lines.Skip(1).Where((_, i) => rows[i] is not null)));
            File.Move(temporary, path, overwrite: true);
        }

        return new TuneCsvFile(OpenForAppending(path), whole);
    }

    public static string Format(TuneRow row) =>
        string.Join(',', SweepCsv.Format(row.Row), Csv.Text(row.Role), Csv.Text(row.Step), row.Verdict.ToName(), Csv.Number(row.Ordinal));

    public void Append(TuneRow row)
    {
        _writer.WriteLine(Format(row));
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();

    private static TuneRow? Parse(string line)
    {
        if (Csv.Split(line) is not { Count: > 4 } fields)
        {
            return null;
        }

        var sweepPart = string.Join(',', fields.Take(fields.Count - TuneColumns.Length).Select(Csv.Text));
        var tail = fields.Skip(fields.Count - TuneColumns.Length).ToList();
        return SweepCsv.TryParse(sweepPart) is { } row
               && ProbeVerdictNames.FromName(tail[2]) is { } verdict
               && int.TryParse(tail[3], NumberStyles.None, CultureInfo.InvariantCulture, out var ordinal)
            ? new TuneRow(row, tail[0], tail[1], verdict, ordinal)
            : null;
    }

    private static StreamWriter OpenForAppending(string path) =>
        new(new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.Read)) { NewLine = "\n" };
}
