using Microsoft.Extensions.Logging;
using TableLoad.Measurement;

namespace TableLoad.Reporting.Exporters;

/// <summary>The printed result: the table (per-process rows on request) and the details under it; failed workers named on stderr first.</summary>
internal sealed class ResultTableExporter(TextWriter output, ILogger log) : IResultExporter
{
    public RunMoments WritesAt => RunMoments.Measured;

    public async Task ExportAsync(RunReport report)
    {
        foreach (var failure in report.WorkerFailures)
        {
            log.LogWarning("{Sentence}", failure);
        }

        await WriteAsync(output, report.Summary, report.Settings.PerProcess).ConfigureAwait(false);
    }

    /// <summary>Prints the table of a summary (a run's, or the merged one of <c>report</c>) and the details under it.</summary>
    public static async Task WriteAsync(TextWriter output, RunSummary summary, bool perProcess)
    {
        List<RunSummary> rows = [summary];
        if (perProcess)
        {
            rows.AddRange(summary.PerProcess);
        }

        await output.WriteAsync(ResultTable.Render(rows)).ConfigureAwait(false);
        await output.WriteAsync(ResultTable.RenderDetails(summary)).ConfigureAwait(false);
    }
}
