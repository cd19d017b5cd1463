using System.Text.Json;
using TableLoad.ChildRuns;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.Tests.Sweep;

/// <summary>
/// Stands in for a launcher that runs each child elsewhere: it serves, from memory, the results an earlier run of the
/// same children left in their folders, and leaves nothing in the folder a request names.
/// </summary>
internal sealed class MemoryCellLauncher(IReadOnlyDictionary<string, MemoryCellLauncher.Result> results) : ICellLauncher
{
    public List<string> Served { get; } = [];

    /// <summary>The results of the children whose folders lie in <paramref name="directory"/>, copied into memory, each as if it exited 0.</summary>
    public static MemoryCellLauncher CopyOf(string directory) => new(
        Directory.GetDirectories(directory).ToDictionary(
            d => Path.GetFileName(d)!,
            d => new Result(ExitCodes.Success, File.ReadAllText(Path.Combine(d, ResultFiles.SummaryJson)), ReadIfThere(Path.Combine(d, ResultFiles.RunJson))),
            StringComparer.Ordinal));

    public Task<IChildRunResult> RunAsync(ChildRunRequest request, ChildRunSignals signals)
    {
        Served.Add(request.Child);
        return Task.FromResult<IChildRunResult>(results[request.Child]);
    }

    private static string? ReadIfThere(string path) => File.Exists(path) ? File.ReadAllText(path) : null;

    /// <summary>A child's result as the texts of its summary.json and run.json.</summary>
    internal sealed record Result(int ExitCode, string SummaryJson, string? RunJson) : IChildRunResult
    {
        public RunSummary? ReadSummary() => JsonSerializer.Deserialize(SummaryJson, ResultJson.Context.RunSummary);

        public RecordedRunOptions? ReadOptions() => RunJson is null ? null : JsonSerializer.Deserialize(RunJson, ResultJson.Context.RunDescription)?.Options;
    }
}
