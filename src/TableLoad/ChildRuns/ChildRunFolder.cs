using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.ChildRuns;

/// <summary>A child run's result as files in a local folder: where the local launcher's child wrote them.</summary>
internal sealed class ChildRunFolder(int exitCode, string directory) : IChildRunResult
{
    public int ExitCode => exitCode;

    public RunSummary? ReadSummary() => ReadSummary(directory);

    public RecordedRunOptions? ReadOptions()
    {
        var path = Path.Combine(directory, ResultFiles.RunJson);
        return File.Exists(path) ? Read(() => ResultJson.Read<RunDescription>(path).Options) : null;
    }

    /// <summary>The summary.json in <paramref name="directory"/>; null when there is none it could read.</summary>
    public static RunSummary? ReadSummary(string directory) => Read(() => ResultJson.ReadSummary(Path.Combine(directory, ResultFiles.SummaryJson)));

    private static T? Read<T>(Func<T> read)
        where T : class
    {
        try
        {
            return read();
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }
}
