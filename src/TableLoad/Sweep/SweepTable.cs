using System.Globalization;
using System.Text;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;

namespace TableLoad.Sweep;

/// <summary>
/// The sweep table in the terminal, as aligned Markdown printed one row at a time as cells finish:
/// the widths are fixed up front from the longest cell name, so rows line up without reprinting.
/// </summary>
internal sealed class SweepTable
{
    private static readonly (string Title, int Width)[] Figures =
    [
        ("min", 8), ("median", 8), ("mean", 8), ("max", 9), ("p90", 8), ("p95", 8), ("p99", 9),
        ("peak e/s", 8), ("succeeded", 10), ("failed", 8), ("throttled", 9), ("timeouts", 8),
    ];

    private const string NotesTitle = "notes";
    private readonly int _cellWidth;

    public SweepTable(IEnumerable<string> cellNames) => _cellWidth = cellNames.Select(n => n.Length).Append("cell".Length).Max();

    public string Header()
    {
        var text = new StringBuilder();
        text.Append("| ").Append("cell".PadRight(_cellWidth)).Append(" |");
        foreach (var (title, width) in Figures)
        {
            text.Append(' ').Append(title.PadRight(width)).Append(" |");
        }

        text.Append(' ').Append(NotesTitle).AppendLine(" |");
        text.Append("|:").Append(new string('-', _cellWidth + 1)).Append('|');
        foreach (var (_, width) in Figures)
        {
            text.Append(new string('-', width + 1)).Append(":|");
        }

        text.Append(':').Append(new string('-', NotesTitle.Length + 1)).AppendLine("|");
        return text.ToString();
    }

    public string Row(SweepRow row)
    {
        string[] values =
        [
            Fixed(row.Min), Fixed(row.Median), Fixed(row.Mean), Fixed(row.Max), Fixed(row.P90), Fixed(row.P95), Fixed(row.P99),
            Count(row.PeakEntitiesPerSecond), Count(row.Succeeded), Count(row.Failed), Count(row.Throttled), Count(row.Timeouts),
        ];
        var text = new StringBuilder();
        text.Append("| ").Append(row.Cell.Name.PadRight(_cellWidth)).Append(" |");
        for (var i = 0; i < values.Length; i++)
        {
            text.Append(' ').Append(values[i].PadLeft(Figures[i].Width)).Append(" |");
        }

        text.Append(' ').Append(Notes(row).PadRight(NotesTitle.Length)).AppendLine(" |");
        return text.ToString();
    }

    /// <summary>Share of failed entities above which a cell cannot be the best: its failures flatter its latency.</summary>
    public const double HealthyFailedShare = 0.01;

    /// <summary>The best cell by peak entities per second and by p99 latency, among cells where at most 1% of entities failed.</summary>
    public static string Best(IReadOnlyList<SweepRow> rows)
    {
        var candidates = rows.Where(r => r.Succeeded > 0 && r.Failed <= HealthyFailedShare * (r.Succeeded + r.Failed)).ToList();
        if (candidates.Count == 0)
        {
            return "best: none, every cell had more than 1% of its entities fail" + Environment.NewLine;
        }

        var byPeak = candidates.MaxBy(r => r.PeakEntitiesPerSecond)!;
        var byP99 = candidates.MinBy(r => r.P99)!;
        return $"best peak e/s: {byPeak.Cell.Name} ({Count(byPeak.PeakEntitiesPerSecond)} e/s, p99 {Fixed(byPeak.P99)} ms){Environment.NewLine}" +
               $"best p99:      {byP99.Cell.Name} ({Fixed(byP99.P99)} ms, peak {Count(byP99.PeakEntitiesPerSecond)} e/s){Environment.NewLine}" +
               (candidates.Count < rows.Count ? $"(cells where more than 1% of entities failed are not candidates){Environment.NewLine}" : "");
    }

    private static string Notes(SweepRow row)
    {
        var notes = new List<string>();
        if (row.VerifyMismatch || row.Status != RunStatus.Complete)
        {
            notes.Add(row.StatusText.Replace('_', ' '));
        }

        if (row.Saturated)
        {
            notes.Add("client saturated");
        }

        switch (row.Gates)
        {
            case GateOutcome.None:
                break;
            case GateOutcome.Passed:
                notes.Add("gates passed");
                break;
            case GateOutcome.Failed:
                notes.Add("gates FAILED");
                break;
        }

        return string.Join(", ", notes);
    }

    private static string Fixed(double value) => value.ToString("F2", CultureInfo.InvariantCulture);

    private static string Count(long value) => value.ToString(CultureInfo.InvariantCulture);
}
