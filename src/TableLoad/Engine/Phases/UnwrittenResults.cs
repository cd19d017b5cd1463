using TableLoad.Settings;

namespace TableLoad.Engine.Phases;

/// <summary>
/// A file the run could not write once its paths were checked (a disk filling up, a folder replaced mid-run),
/// said in one sentence naming what was written and what was not, so the table is still cleaned up after it.
/// </summary>
internal static class UnwrittenResults
{
    public static bool Is(Exception failure) => failure is IOException or UnauthorizedAccessException;

    public static string Sentence(Exception failure, RunSettings settings)
    {
        var folder = settings.OutputDirectory;
        var written = Directory.Exists(folder) ? Directory.EnumerateFiles(folder).Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList() : [];
        var results = written.Count == 0 ? $"{folder} holds no result file" : $"{folder} holds only {string.Join(", ", written)}";
        var junit = settings.JunitPath is not { } path ? "" : File.Exists(path) ? $", and the JUnit file {path} was written" : $", and the JUnit file {path} was not written";
        return $"Could not write the results ({failure.Message.TrimEnd('.')}): {results}{junit}.";
    }
}
