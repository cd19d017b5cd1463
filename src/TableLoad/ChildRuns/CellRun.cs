using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.ChildRuns;

/// <summary>
/// One child <c>tableload run</c> to its end, as sweeps run their cells and tune its probes: its folder emptied
/// first, and the summary.json it wrote read back.
/// </summary>
/// <param name="ExitCode">The run's exit code.</param>
/// <param name="Summary">The run's summary; null when it wrote no usable one or was interrupted.</param>
/// <param name="Interrupted">The user stopped the run before it finished on its own.</param>
internal sealed record CellRun(int ExitCode, RunSummary? Summary, bool Interrupted)
{
    /// <summary>The run refused its input or could not reach the target: every later cell would too.</summary>
    public bool Aborts => ExitCode is ExitCodes.BadInput or ExitCodes.Unreachable;

    /// <summary>Why an aborting run stops what ran it, e.g. "sdk-p1-t4-...: run ended with exit code 3 (target unreachable); the sweep stops."</summary>
    public string AbortSentence(string child, string whatStops) =>
        $"{child}: run ended with exit code {ExitCode} ({(ExitCode == ExitCodes.BadInput ? "bad input" : "target unreachable")}); {whatStops} stops.";

    /// <param name="child">The child's name, e.g. a cell's.</param>
    /// <param name="directory">The child's --output folder, named on <paramref name="arguments"/>.</param>
    public static async Task<CellRun> RunAsync(ICellLauncher launcher, string child, string directory, IReadOnlyList<string> arguments, ChildRunSignals signals)
    {
        if (Directory.Exists(directory))
        {
            // Files of an attempt that never reached the results; a new run must not mix with them.
            Directory.Delete(directory, recursive: true);
        }

        var exitCode = await launcher.RunAsync(child, arguments, signals).ConfigureAwait(false);
        // A run that crashed may have left a provisional summary (status partial); it did not finish. One that broke a
        // --fail-if threshold finished and wrote every file before saying so.
        var row = exitCode is ExitCodes.Success or ExitCodes.VerifyMismatch or ExitCodes.Partial or ExitCodes.Interrupted or ExitCodes.GateFailed
            ? ReadSummary(directory)
            : null;
        var stopped = signals.Interrupted || exitCode == ExitCodes.Interrupted || row?.Status == RunStatus.Interrupted;
        // A cell that ended on its own just as the user stopped is finished.
        var finishedAnyway = row is { Status: not RunStatus.Interrupted } && exitCode != ExitCodes.Interrupted;
        return stopped && !finishedAnyway ? new CellRun(exitCode, null, Interrupted: true) : new CellRun(exitCode, row, Interrupted: false);
    }

    /// <summary>The summary.json a child run wrote in <paramref name="directory"/>; null when there is none it could read.</summary>
    public static RunSummary? ReadSummary(string directory)
    {
        var path = Path.Combine(directory, ResultFiles.SummaryJson);
        try
        {
            return ResultJson.ReadSummary(path);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }
}
