namespace TableLoad.Reporting.Exporters;

/// <summary>Hands a report to each exporter that writes at its moment, in the list's order.</summary>
internal static class ResultExport
{
    public static async Task ExportAsync(this IReadOnlyList<IResultExporter> exporters, RunReport report)
    {
        foreach (var exporter in exporters.Where(e => e.WritesAt.HasFlag(report.Moment)))
        {
            await exporter.ExportAsync(report).ConfigureAwait(false);
        }
    }
}
