using System.Text.Json;
using TableLoad.ChildRuns;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.Sweep;

/// <summary>
/// One cell's <c>tableload run</c> to its end, as sweeps and tune's probes run it: its folder emptied first,
/// a fresh table unless the settings name one, and its row read from the summary.json it wrote.
/// </summary>
/// <param name="ExitCode">The run's exit code.</param>
/// <param name="Row">The cell's figures; null when the run wrote no usable summary or was interrupted.</param>
/// <param name="Interrupted">The user stopped the run before it finished on its own.</param>
internal sealed record CellRun(int ExitCode, SweepRow? Row, bool Interrupted)
{
    /// <summary>The run refused its input or could not reach the target: every later cell would too.</summary>
    public bool Aborts => ExitCode is ExitCodes.BadInput or ExitCodes.Unreachable;

    /// <summary>Why an aborting run stops what ran it, e.g. "sdk-p1-t4-...: run ended with exit code 3 (target unreachable); the sweep stops."</summary>
    public string AbortSentence(SweepCell cell, string whatStops) =>
        $"{cell.Name}: run ended with exit code {ExitCode} ({(ExitCode == ExitCodes.BadInput ? "bad input" : "target unreachable")}); {whatStops} stops.";

    public static async Task<CellRun> RunAsync(ICellLauncher launcher, SweepSettings settings, SweepCell cell, string freshTable, ChildRunSignals signals)
    {
        var directory = settings.CellDirectory(cell);
        if (Directory.Exists(directory))
        {
            // Files of an attempt that never reached the results; a new run must not mix with them.
            Directory.Delete(directory, recursive: true);
        }

        var exitCode = await launcher.RunAsync(cell, CellArguments.For(settings, cell, freshTable), signals).ConfigureAwait(false);
        // A run that crashed may have left a provisional summary (status partial); it did not finish.
        var row = exitCode is ExitCodes.Success or ExitCodes.VerifyMismatch or ExitCodes.Partial or ExitCodes.Interrupted ? ReadRow(cell, directory) : null;
        var stopped = signals.Interrupted || exitCode == ExitCodes.Interrupted || row?.Status == RunStatus.Interrupted;
        // A cell that ended on its own just as the user stopped is finished.
        var finishedAnyway = row is { Status: not RunStatus.Interrupted } && exitCode != ExitCodes.Interrupted;
        return stopped && !finishedAnyway ? new CellRun(exitCode, null, Interrupted: true) : new CellRun(exitCode, row, Interrupted: false);
    }

    private static SweepRow? ReadRow(SweepCell cell, string directory)
    {
        var path = Path.Combine(directory, ResultFiles.SummaryJson);
        try
        {
            return SweepRow.FromSummary(cell, ResultJson.ReadSummary(path));
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }
}
