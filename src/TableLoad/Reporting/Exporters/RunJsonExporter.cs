using TableLoad.Reporting.Merge;

namespace TableLoad.Reporting.Exporters;

/// <summary>run.json: how the run was made, written when it starts and again with its end time.</summary>
internal sealed class RunJsonExporter : IResultExporter
{
    public RunMoments WritesAt => RunMoments.Started | RunMoments.Measured;

    public Task ExportAsync(RunReport report) =>
        Write(report.Settings.OutputDirectory, RunDescription.Create(report.Settings, report.Summary, report.StartedUtc, report.EndedUtc));

    /// <summary>Writes the run.json of <c>report</c>'s merged folder: the folders it came from instead of one run's options.</summary>
    public static Task WriteAsync(string directory, MergedRunDescription merged) => Write(directory, merged);

    private static Task Write<T>(string directory, T description) => ResultJson.WriteAsync(Path.Combine(directory, ResultFiles.RunJson), description);
}
