namespace TableLoad.Reporting.Exporters;

/// <summary>run.json: how the run was made, written when it starts and again with its end time.</summary>
internal sealed class RunJsonExporter : IResultExporter
{
    public RunMoments WritesAt => RunMoments.Started | RunMoments.Measured;

    public Task ExportAsync(RunReport report) =>
        ResultJson.WriteAsync(Path.Combine(report.Settings.OutputDirectory, RunDescription.FileName), RunDescription.Create(report.Settings, report.Summary, report.StartedUtc, report.EndedUtc));
}
