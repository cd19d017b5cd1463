using System.Globalization;
using System.Text;

namespace TableLoad.Bench.Results;

/// <summary>
/// Renders bench.sh's raw rows as comparison tables, one per <see cref="ClientPair"/> found: each cell the
/// median of the runs with min–max, and the ratio of the medians, client ÷ its baseline.
/// </summary>
internal static class ResultTables
{
    private static readonly (string Metric, string Label, string Format)[] CeilingRows =
    [
        (RunFigures.EntitiesPerSecond, "entities/s", "N0"),
        (RunFigures.CpuUsPerEntity, "CPU µs per entity", "F2"),
        (RunFigures.CpuUsPerEntityMeasured, "CPU µs/entity, measured", "F2"),
        (RunFigures.AllocatedBytesPerBatch, "allocated bytes per batch", "N0"),
        (RunFigures.PeakRssMiB, "peak RSS MiB", "F0"),
        (RunFigures.GcGen0, "GC gen0 collections", "N0"),
        (RunFigures.GcPausePercent, "GC pauses % of the time", "F1"),
        (RunFigures.P99Ms, "p99 ms", "F1"),
    ];

    public static string Render(IReadOnlyList<BenchRow> rows, string table, int batchSize)
    {
        var selected = rows.Where(r => r.Table == table).ToList();
        var text = new StringBuilder(table == "ceiling" ? RenderCeiling(selected, batchSize) : RenderCells(selected));
        foreach (var row in selected.Where(r => r.Metric == RunFigures.FailedEntities && r.Value > 0))
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"warning: {row.Client} run {row.Run} of {row.Cell} had {row.Value:N0} failures");
        }

        return text.ToString();
    }

    private static string RenderCeiling(List<BenchRow> rows, int batchSize)
    {
        var text = new StringBuilder();
        foreach (var cell in rows.Select(r => r.Cell).Distinct())
        {
            foreach (var pair in PairsIn(rows.Where(r => r.Cell == cell)))
            {
                var runs = rows.Where(r => r.Cell == cell && r.Client == pair.Client).Select(r => r.Run).Distinct().Count();
                text.AppendLine(CultureInfo.InvariantCulture, $"cell {cell}: {pair.Title}, {runs} run{(runs == 1 ? "" : "s")} each");
                text.AppendLine(CultureInfo.InvariantCulture, $"| metric                    | {pair.Client,-31} | {pair.Baseline,-31} | ratio |");
                text.AppendLine("|---------------------------|--------------------------------:|--------------------------------:|------:|");
                foreach (var (metric, label, format) in CeilingRows)
                {
                    var ours = Stats(rows, cell, pair.Client, metric);
                    var baseline = Stats(rows, cell, pair.Baseline, metric);
                    text.AppendLine(CultureInfo.InvariantCulture, $"| {label,-25} | {Show(ours, format),31} | {Show(baseline, format),31} | {Ratio(ours, baseline),5} |");
                }

                text.AppendLine();
            }

            text.Append(SdkCostOverWire(rows, cell, batchSize));
        }

        return text.ToString();
    }

    /// <summary>What the SDK path costs beyond the wire client, from the two TableLoad clients' medians.</summary>
    private static string SdkCostOverWire(List<BenchRow> rows, string cell, int batchSize)
    {
        double? Difference(string metric) =>
            Stats(rows, cell, ClientPair.TableLoadSdk, metric) is { } sdk && Stats(rows, cell, ClientPair.TableLoadWire, metric) is { } wire
                ? sdk.Median - wire.Median
                : null;

        if (Difference(RunFigures.CpuUsPerEntityMeasured) is not { } cpu || Difference(RunFigures.AllocatedBytesPerBatch) is not { } bytes)
        {
            return "";
        }

        return string.Create(CultureInfo.InvariantCulture,
            $"cell {cell}: the SDK's cost over wire (tableload-sdk − tableload-wire, medians, batches of {batchSize}): CPU {cpu:+0.00;-0.00} µs per entity = {cpu * batchSize:+0;-0} µs per batch (measured window); allocated {bytes / batchSize:+#,0;-#,0} bytes per entity = {bytes:+#,0;-#,0} bytes per batch\n");
    }

    private static string RenderCells(List<BenchRow> rows)
    {
        var text = new StringBuilder();
        text.AppendLine("| processes | tasks | client ÷ baseline               | client e/s             | baseline e/s           | e/s ratio | client p99 ms            | baseline p99 ms          | p99 ratio |");
        text.AppendLine("|----------:|------:|---------------------------------|-----------------------:|-----------------------:|----------:|-------------------------:|-------------------------:|----------:|");
        foreach (var cell in rows.Select(r => r.Cell).Distinct())
        {
            var (processes, tasks) = ParseCell(cell);
            foreach (var pair in PairsIn(rows.Where(r => r.Cell == cell)))
            {
                var ours = Stats(rows, cell, pair.Client, RunFigures.EntitiesPerSecond);
                var baseline = Stats(rows, cell, pair.Baseline, RunFigures.EntitiesPerSecond);
                var ourP99 = Stats(rows, cell, pair.Client, RunFigures.P99Ms);
                var baselineP99 = Stats(rows, cell, pair.Baseline, RunFigures.P99Ms);
                text.AppendLine(CultureInfo.InvariantCulture,
                    $"| {processes,9} | {tasks,5} | {pair.Client + " ÷ " + pair.Baseline,-31} | {Show(ours, "N0"),22} | {Show(baseline, "N0"),22} | {Ratio(ours, baseline),9} | {Show(ourP99, "F1"),24} | {Show(baselineP99, "F1"),24} | {Ratio(ourP99, baselineP99),9} |");
            }
        }

        return text.ToString();
    }

    private static IEnumerable<ClientPair> PairsIn(IEnumerable<BenchRow> rows)
    {
        var clients = rows.Select(r => r.Client).ToHashSet(StringComparer.Ordinal);
        return ClientPair.All.Where(p => clients.Contains(p.Client) && clients.Contains(p.Baseline));
    }

    // Cells are named "p{processes}-t{tasks}".
    private static (string Processes, string Tasks) ParseCell(string cell)
    {
        var parts = cell.Split('-');
        return (parts.FirstOrDefault(p => p.StartsWith('p'))?[1..] ?? "?", parts.FirstOrDefault(p => p.StartsWith('t'))?[1..] ?? "?");
    }

    private static (double Median, double Min, double Max)? Stats(List<BenchRow> rows, string cell, string client, string metric)
    {
        var values = rows.Where(r => r.Cell == cell && r.Client == client && r.Metric == metric).Select(r => r.Value).Order().ToArray();
        if (values.Length == 0)
        {
            return null;
        }

        var mid = values.Length / 2;
        var median = values.Length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
        return (median, values[0], values[^1]);
    }

    private static string Show((double Median, double Min, double Max)? stats, string format) =>
        stats is { } s
            ? string.Create(CultureInfo.InvariantCulture, $"{s.Median.ToString(format, CultureInfo.InvariantCulture)} ({s.Min.ToString(format, CultureInfo.InvariantCulture)}–{s.Max.ToString(format, CultureInfo.InvariantCulture)})")
            : "n/a";

    private static string Ratio((double Median, double Min, double Max)? ours, (double Median, double Min, double Max)? baseline) =>
        ours is { } o && baseline is { Median: > 0 } b ? (o.Median / b.Median).ToString("F2", CultureInfo.InvariantCulture) : "n/a";
}
