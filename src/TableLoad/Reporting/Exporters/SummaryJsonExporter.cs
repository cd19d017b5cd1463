namespace TableLoad.Reporting.Exporters;

/// <summary>summary.json: the run's figures, provisional while it runs, then final, then with the stored count.</summary>
internal sealed class SummaryJsonExporter : IResultExporter
{
    public const string FileName = "summary.json";

    public RunMoments WritesAt => RunMoments.Provisional | RunMoments.Measured | RunMoments.Finished;

    public Task ExportAsync(RunReport report) => ResultJson.WriteAsync(Path.Combine(report.Settings.OutputDirectory, FileName), report.Summary);
}
