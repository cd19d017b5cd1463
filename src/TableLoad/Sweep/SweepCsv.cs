using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.Sweep;

/// <summary>The rows of sweep.csv: invariant culture, latencies in ms, an empty rate for the closed model.</summary>
internal static class SweepCsv
{
    public static readonly string[] Columns =
    [
        "cell", "client", "processes", "tasks", "batch_size", "entity_size", "partitions", "rate", "repeat",
        "min", "median", "mean", "max", "p90", "p95", "p99", "peak_eps", "succeeded", "failed", "throttled", "timeouts",
        "mean_eps", "goodput_mb_s", "client_cpu_s", "saturated", "status",
    ];

    public static string Header { get; } = string.Join(',', Columns);

    public static string Format(SweepRow row)
    {
        var c = row.Cell;
        string[] cells =
        [
            Csv.Text(c.Name), Csv.Text(c.Client), Int(c.Processes), Int(c.Tasks), Int(c.BatchSize), Int(c.EntitySize), Csv.Text(c.Partitions),
            c.Rate is { } rate ? SweepCell.FormatRate(rate) : "", Int(c.Repeat),
            Real(row.Min), Real(row.Median), Real(row.Mean), Real(row.Max), Real(row.P90), Real(row.P95), Real(row.P99),
            Csv.Number(row.PeakEntitiesPerSecond), Csv.Number(row.Succeeded), Csv.Number(row.Failed), Csv.Number(row.Throttled), Csv.Number(row.Timeouts),
            Real(row.MeanEntitiesPerSecond), Real(row.GoodputMbPerSecond), Real(row.ClientCpuSeconds), Csv.Bool(row.Saturated), Csv.Text(row.StatusText),
        ];
        return string.Join(',', cells);
    }

    /// <summary>Reads a row back (for --resume); null when the line is not a whole row, e.g. cut short by a crash.</summary>
    public static SweepRow? TryParse(string line)
    {
        var f = line.Split(',');
        if (f.Length != Columns.Length)
        {
            return null;
        }

        try
        {
            var cell = new SweepCell(
                f[1], ParseInt(f[2]), ParseInt(f[3]), ParseInt(f[4]), ParseInt(f[5]), f[6],
                f[7].Length == 0 ? null : ParseReal(f[7]), ParseInt(f[8]));
            if (cell.Name != f[0])
            {
                return null;
            }

            // verify_mismatch stands in place of the run's status, which is then read back as complete: a mismatch outranks it in the tally and the notes.
            var mismatch = f[25] == SweepRow.VerifyMismatchText;
            if ((mismatch ? RunStatus.Complete : RunStatusExtensions.FromSnakeCase(f[25])) is not { } status)
            {
                return null;
            }

            return new SweepRow
            {
                Cell = cell,
                Min = ParseReal(f[9]),
                Median = ParseReal(f[10]),
                Mean = ParseReal(f[11]),
                Max = ParseReal(f[12]),
                P90 = ParseReal(f[13]),
                P95 = ParseReal(f[14]),
                P99 = ParseReal(f[15]),
                PeakEntitiesPerSecond = ParseLong(f[16]),
                Succeeded = ParseLong(f[17]),
                Failed = ParseLong(f[18]),
                Throttled = ParseLong(f[19]),
                Timeouts = ParseLong(f[20]),
                MeanEntitiesPerSecond = ParseReal(f[21]),
                GoodputMbPerSecond = ParseReal(f[22]),
                ClientCpuSeconds = ParseReal(f[23]),
                Saturated = f[24] == "true",
                Status = status,
                VerifyMismatch = mismatch,
            };
        }
        catch (Exception ex) when (ex is FormatException or OverflowException)
        {
            return null;
        }
    }

    // Shortest text that reads back to the same double, so the row equals summary.json exactly.
    private static string Real(double value) => value.ToString(CultureInfo.InvariantCulture);

    private static string Int(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static int ParseInt(string text) => int.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    private static long ParseLong(string text) => long.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    private static double ParseReal(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
}
