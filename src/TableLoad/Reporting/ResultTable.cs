using System.Globalization;
using System.Text;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>
/// Renders the original experiment's table (one row per run, latencies in ms, counts in entities) and
/// the lines under it, as aligned Markdown: readable in a terminal, parseable by a script.
/// </summary>
internal static class ResultTable
{
    public static readonly string[] Columns =
        ["processes", "min", "median", "mean", "max", "p90", "p95", "p99", "peak e/s", "succeeded", "failed"];

    public static string Render(IReadOnlyList<RunSummary> rows)
    {
        var cells = new List<string[]> { Columns };
        cells.AddRange(rows.Select(Row));
        var widths = Columns.Select((_, c) => cells.Max(r => r[c].Length)).ToArray();
        var text = new StringBuilder();
        for (var r = 0; r < cells.Count; r++)
        {
            text.Append('|');
            for (var c = 0; c < widths.Length; c++)
            {
                text.Append(' ').Append(r == 0 ? cells[r][c].PadRight(widths[c]) : cells[r][c].PadLeft(widths[c])).Append(" |");
            }

            text.AppendLine();
            if (r == 0)
            {
                text.Append('|');
                foreach (var w in widths)
                {
                    text.Append(new string('-', w + 1)).Append(":|");
                }

                text.AppendLine();
            }
        }

        return text.ToString();
    }

    public static string RenderDetails(RunSummary s)
    {
        var text = new StringBuilder();
        void Line(string line) => text.AppendLine(line);
        var status = s.Status == RunStatus.Complete ? "" : $" ({s.Status.ToString().ToLowerInvariant()})";
        Line($"run {s.RunId}{status}: {Fixed(s.MeasuredSeconds, 1)} s measured, {s.Processes} × {s.Tasks} tasks, batches of {s.BatchSize}, {s.EntitySize}-byte entities, partitions {s.Partitions}, client {s.BatchClient}");
        foreach (var (outcome, count) in s.Outcomes.Where(o => o.Value > 0 && o.Key != "succeeded"))
        {
            Line($"{outcome.Replace('_', ' ')}: {count} batches");
        }

        if (s.Abandoned is { Stored: > 0 } or { NotStored: > 0 } or { Unknown: > 0 })
        {
            Line($"abandoned batches read back: {s.Abandoned.Stored} stored (counted as succeeded), {s.Abandoned.NotStored} not stored, {s.Abandoned.Unknown} unknown (no answer)");
        }

        foreach (var (code, count) in s.RejectedByCode)
        {
            Line($"rejected {code}: {count} batches");
        }

        if (s.Retries > 0 || s.VerifiedByRead > 0)
        {
            Line($"retries: {s.Retries}; batches settled by reading them back: {s.VerifiedByRead}");
        }

        if (s.BatchLogDropped > 0)
        {
            Line($"batches.csv lacks {s.BatchLogDropped} batches: the disk fell --batch-log-buffer rows behind (counted in every other figure)");
        }

        Line($"mean e/s: {Fixed(s.MeanEntitiesPerSecond, 1)}; goodput: {Fixed(s.GoodputMbPerSecond, 2)} MB/s");
        Line($"client: {Fixed(s.Client.UserCpuSeconds, 2)} s user, {Fixed(s.Client.SystemCpuSeconds, 2)} s system CPU, " +
             $"{Fixed(s.Client.CpuUsPerEntity, 1)} µs CPU per entity; GC gen0 {s.Client.GcGen0}, gen1 {s.Client.GcGen1}, gen2 {s.Client.GcGen2}");
        if (s.UncorrectedLatencyMs is { } u)
        {
            Line($"open model at {Fixed(s.Rate ?? 0, 0)} e/s: latency above is from each batch's intended start; from the actual send: median {Fixed(u.Median, 2)}, p99 {Fixed(u.P99, 2)}, max {Fixed(u.Max, 2)} ms; {s.LateBatches} batches started late");
        }

        Line(s.Client.Saturated
            ? $"CLIENT SATURATED, figures may describe TableLoad rather than the service: {string.Join(" ", s.Client.SaturationReasons)}"
            : "client not saturated");
        if (s.Warmup.Batches > 0)
        {
            Line($"warm-up (not in the table): {s.Warmup.Batches} batches, {s.Warmup.EntitiesSucceeded} entities succeeded");
        }

        return text.ToString();
    }

    private static string[] Row(RunSummary s) =>
    [
        s.Row ?? s.Processes.ToString(CultureInfo.InvariantCulture),
        Fixed(s.LatencyMs.Min, 2), Fixed(s.LatencyMs.Median, 2), Fixed(s.LatencyMs.Mean, 2), Fixed(s.LatencyMs.Max, 2),
        Fixed(s.LatencyMs.P90, 2), Fixed(s.LatencyMs.P95, 2), Fixed(s.LatencyMs.P99, 2),
        s.PeakEntitiesPerSecond.ToString(CultureInfo.InvariantCulture),
        s.EntitiesSucceeded.ToString(CultureInfo.InvariantCulture),
        s.EntitiesFailed.ToString(CultureInfo.InvariantCulture),
    ];

    private static string Fixed(double value, int decimals) => value.ToString("F" + decimals, CultureInfo.InvariantCulture);
}
