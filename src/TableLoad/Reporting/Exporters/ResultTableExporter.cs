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

        List<RunSummary> rows = [report.Summary];
        if (report.Settings.PerProcess)
        {
            rows.AddRange(report.Summary.PerProcess);
        }

        await output.WriteAsync(ResultTable.Render(rows)).ConfigureAwait(false);
        await output.WriteAsync(ResultTable.RenderDetails(report.Summary)).ConfigureAwait(false);
    }
}
