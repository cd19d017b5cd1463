using TableLoad.Measurement;

namespace TableLoad.Reporting.Exporters;

/// <summary>summary.json: the run's figures, provisional while it runs, then final, then with the stored count.</summary>
internal sealed class SummaryJsonExporter : IResultExporter
{
    public RunMoments WritesAt => RunMoments.Provisional | RunMoments.Measured | RunMoments.Finished;

    public Task ExportAsync(RunReport report) => WriteAsync(report.Settings.OutputDirectory, report.Summary);

    /// <summary>Writes summary.json into a folder: a run's, or the merged folder of <c>report</c>.</summary>
    public static Task WriteAsync(string directory, RunSummary summary) =>
        ResultJson.WriteAsync(Path.Combine(directory, ResultFiles.SummaryJson), summary);
}
