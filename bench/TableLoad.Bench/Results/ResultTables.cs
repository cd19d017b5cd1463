using System.Globalization;
using System.Text;

namespace TableLoad.Bench.Results;

/// <summary>
/// Renders bench.sh's raw rows as the two comparison tables: each cell the median of the runs with
/// min–max, and the ratio TableLoad ÷ floor of the medians.
/// </summary>
internal static class ResultTables
{
    private const string TableLoad = "tableload";
    private const string Floor = "floor";

    private static readonly (string Metric, string Label, string Format)[] CeilingRows =
    [
        (RunFigures.EntitiesPerSecond, "entities/s", "N0"),
        (RunFigures.CpuUsPerEntity, "CPU µs per entity", "F2"),
        (RunFigures.CpuUsPerEntityMeasured, "CPU µs/entity, measured", "F2"),
        (RunFigures.AllocatedBytesPerBatch, "allocated bytes per batch", "N0"),
        (RunFigures.PeakRssMiB, "peak RSS MiB", "F0"),
        (RunFigures.P99Ms, "p99 ms", "F1"),
    ];

    public static string Render(IReadOnlyList<BenchRow> rows, string table)
    {
        var selected = rows.Where(r => r.Table == table).ToList();
        return table == "ceiling" ? RenderCeiling(selected) : RenderCells(selected);
    }

    private static string RenderCeiling(List<BenchRow> rows)
    {
        var text = new StringBuilder();
        foreach (var cell in rows.Select(r => r.Cell).Distinct())
        {
            var runs = rows.Where(r => r.Cell == cell && r.Client == TableLoad).Select(r => r.Run).Distinct().Count();
            text.AppendLine(CultureInfo.InvariantCulture, $"cell {cell}, {runs} runs each");
            text.AppendLine("| metric                    | TableLoad                    | floor                        | TableLoad ÷ floor |");
            text.AppendLine("|---------------------------|-----------------------------:|-----------------------------:|------------------:|");
            foreach (var (metric, label, format) in CeilingRows)
            {
                var ours = Stats(rows, cell, TableLoad, metric);
                var floor = Stats(rows, cell, Floor, metric);
                text.AppendLine(CultureInfo.InvariantCulture, $"| {label,-25} | {Show(ours, format),28} | {Show(floor, format),28} | {Ratio(ours, floor),17} |");
            }
        }

        return text.ToString();
    }

    private static string RenderCells(List<BenchRow> rows)
    {
        var text = new StringBuilder();
        text.AppendLine("| processes | tasks | TableLoad e/s          | floor e/s              | e/s ratio | TableLoad p99 ms         | floor p99 ms             | p99 ratio |");
        text.AppendLine("|----------:|------:|-----------------------:|-----------------------:|----------:|-------------------------:|-------------------------:|----------:|");
        foreach (var cell in rows.Select(r => r.Cell).Distinct())
        {
            var (processes, tasks) = ParseCell(cell);
            var ours = Stats(rows, cell, TableLoad, RunFigures.EntitiesPerSecond);
            var floor = Stats(rows, cell, Floor, RunFigures.EntitiesPerSecond);
            var ourP99 = Stats(rows, cell, TableLoad, RunFigures.P99Ms);
            var floorP99 = Stats(rows, cell, Floor, RunFigures.P99Ms);
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {processes,9} | {tasks,5} | {Show(ours, "N0"),22} | {Show(floor, "N0"),22} | {Ratio(ours, floor),9} | {Show(ourP99, "F1"),24} | {Show(floorP99, "F1"),24} | {Ratio(ourP99, floorP99),9} |");
        }

        var failed = rows.Where(r => r.Metric == RunFigures.FailedEntities && r.Value > 0).ToList();
        foreach (var row in failed)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"warning: {row.Client} run {row.Run} of {row.Cell} had {row.Value:N0} failures");
        }

        return text.ToString();
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

    private static string Ratio((double Median, double Min, double Max)? ours, (double Median, double Min, double Max)? floor) =>
        ours is { } o && floor is { Median: > 0 } f ? (o.Median / f.Median).ToString("F2", CultureInfo.InvariantCulture) : "n/a";
}
