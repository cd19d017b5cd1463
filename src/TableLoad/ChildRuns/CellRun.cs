using TableLoad.Measurement;

namespace TableLoad.ChildRuns;

/// <summary>
/// One child <c>tableload run</c> to its end, as sweeps run their cells and tune its probes: its folder in the parent's emptied
/// first, and the summary its result gave read back.
/// </summary>
/// <param name="Result">What the run left, as its launcher serves it.</param>
/// <param name="Summary">The run's summary; null when it wrote no usable one or was interrupted.</param>
/// <param name="Interrupted">The user stopped the run before it finished on its own.</param>
internal sealed record CellRun(IChildRunResult Result, RunSummary? Summary, bool Interrupted)
{
    /// <summary>The run's exit code.</summary>
    public int ExitCode => Result.ExitCode;

    /// <summary>The run refused its input or could not reach the target: every later cell would too.</summary>
    public bool Aborts => ExitCode is ExitCodes.BadInput or ExitCodes.Unreachable;

    /// <summary>Why an aborting run stops what ran it, e.g. "sdk-p1-t4-...: run ended with exit code 3 (target unreachable); the sweep stops."</summary>
    public string AbortSentence(string child, string whatStops) =>
        $"{child}: run ended with exit code {ExitCode} ({(ExitCode == ExitCodes.BadInput ? "bad input" : "target unreachable")}); {whatStops} stops.";

    public static async Task<CellRun> RunAsync(ICellLauncher launcher, ChildRunRequest request, ChildRunSignals signals)
    {
        if (Directory.Exists(request.Folder))
        {
            // Files of an attempt that never reached the results; a new run's, wherever it runs, must not mix with them.
            Directory.Delete(request.Folder, recursive: true);
        }

        var result = await launcher.RunAsync(request, signals).ConfigureAwait(false);
        var exitCode = result.ExitCode;
        // A run that crashed may have left a provisional summary (status partial); it did not finish. One that broke a
        // --fail-if threshold finished and wrote every file before saying so.
        var row = exitCode is ExitCodes.Success or ExitCodes.VerifyMismatch or ExitCodes.Partial or ExitCodes.Interrupted or ExitCodes.GateFailed
            ? result.ReadSummary()
            : null;
        var stopped = signals.Interrupted || exitCode == ExitCodes.Interrupted || row?.Status == RunStatus.Interrupted;
        // A cell that ended on its own just as the user stopped is finished.
        var finishedAnyway = row is { Status: not RunStatus.Interrupted } && exitCode != ExitCodes.Interrupted;
        return stopped && !finishedAnyway ? new CellRun(result, null, Interrupted: true) : new CellRun(result, row, Interrupted: false);
    }
}
