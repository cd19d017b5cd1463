using System.Globalization;
using Microsoft.Extensions.Logging;
using TableLoad.ChildRuns;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Settings;

namespace TableLoad.Sweep;

/// <summary>
/// Runs a sweep's cells one after the other, appends each finished cell to sweep.csv and the terminal
/// table, skips what <c>--resume</c> and <c>--stop-when-throttled</c> rule out, and ends with the best cells.
/// </summary>
internal sealed class SweepRunner(SweepSettings settings, ICellLauncher launcher, TextWriter output, ILogger log, TimeProvider time)
{
    private readonly SweepGates _gates = new(settings.Thresholds, settings.AbortIf, settings.JunitPath);
    private readonly Dictionary<string, RunSummary> _summaries = new(StringComparer.Ordinal);

    public async Task<int> RunAsync(ChildRunSignals signals)
    {
        var csvPath = Path.Combine(settings.OutputDirectory, ResultFiles.SweepCsv);
        new ResumableFolder(settings.OutputDirectory, ResultFiles.SweepCsv, ResultFiles.SweepJson, "sweep").Check(settings.Resume, settings.RunArguments, path => ResultJson.Read(path, SweepJson.Description).RunArguments);
        Directory.CreateDirectory(settings.OutputDirectory);
        await ResultJson.WriteAsync(Path.Combine(settings.OutputDirectory, ResultFiles.SweepJson), SweepDescription.Create(settings), SweepJson.Description).ConfigureAwait(false);

        using var csv = RowsCsvFile<SweepRow>.Open(csvPath, SweepCsv.TableOf(settings.Scenarios));
        var finished = csv.Existing.ToDictionary(r => r.Cell.Name, StringComparer.Ordinal);
        var rows = csv.Existing.ToList();
        var table = new SweepTable(settings.Cells.Select(c => c.Name).Concat(finished.Keys));
        var rule = new ThrottleStopRule(settings.Knobs, settings.StopWhenThrottledPercent);

        log.LogInformation("{Sentence}", Plan(finished));
        await output.WriteAsync(table.Header()).ConfigureAwait(false);
        foreach (var row in rows)
        {
            await output.WriteAsync(table.Row(row)).ConfigureAwait(false);
        }

        var outcome = new SweepOutcome();
        var ranAny = false;
        for (var i = 0; i < settings.Cells.Count && !signals.Interrupted && outcome.AbortCode is null; i++)
        {
            var cell = settings.Cells[i];
            if (finished.TryGetValue(cell.Name, out var done))
            {
                rule.Observe(done);
                continue;
            }

            if (rule.StoppedBy(cell) is { } knee)
            {
                outcome.Skipped++;
                log.LogInformation(
                    "{Sentence}",
                    $"skipped {cell.Name}: {knee.Cell.Name} throttled {Percent(knee.ThrottledPercent)} of its batches, over --stop-when-throttled {Percent(settings.StopWhenThrottledPercent!.Value)}.");
                continue;
            }

            if (ranAny && settings.Cooldown > TimeSpan.Zero && !await CoolDownAsync(signals).ConfigureAwait(false))
            {
                break;
            }

            ranAny = true;
            log.LogInformation("{Sentence}", $"[{i + 1}/{settings.Cells.Count}] {cell.Name}: running");
            var row = await RunCellAsync(cell, i + 1, signals, outcome).ConfigureAwait(false);
            if (row is null)
            {
                continue;
            }

            csv.Append(row);
            rows.Add(row);
            await output.WriteAsync(table.Row(row)).ConfigureAwait(false);
            await output.FlushAsync().ConfigureAwait(false);
            if (rule.Observe(row))
            {
                log.LogInformation(
                    "{Sentence}",
                    $"{cell.Name} throttled {Percent(row.ThrottledPercent)} of its batches (over {Percent(settings.StopWhenThrottledPercent!.Value)}): the later {rule.Knob!.Value.OptionName()} values of this series are skipped.");
            }
        }

        if (rows.Count > 0)
        {
            await output.WriteLineAsync().ConfigureAwait(false);
            await output.WriteAsync(SweepTable.Best(rows)).ConfigureAwait(false);
            await output.WriteAsync(RepeatIntervals.Render(rows)).ConfigureAwait(false);
            if (settings.CloseRounds > 0 && !signals.Interrupted && outcome.AbortCode is null
                && await new SweepCloseCall(settings, launcher, output, log, time).DecideAsync(rows, signals).ConfigureAwait(false) is { } decided)
            {
                await output.WriteLineAsync(decided).ConfigureAwait(false);
            }
        }

        if (_gates.Any)
        {
            var broken = rows.Count(r => r.Gates == GateOutcome.Failed);
            await output.WriteLineAsync($"gates: {broken} of {rows.Count} {(rows.Count == 1 ? "cell" : "cells")} broke a --fail-if threshold").ConfigureAwait(false);
            _gates.WriteJunit($"tableload sweep {Path.GetFileName(Path.TrimEndingDirectorySeparator(settings.OutputDirectory))}", rows, SummaryOf);
            outcome.GatesFailed = broken > 0;
        }

        await output.WriteLineAsync($"sweep: {rows.Count} finished {(rows.Count == 1 ? "cell" : "cells")} in {csvPath}" + (outcome.Skipped > 0 ? $", {outcome.Skipped} skipped" : "")).ConfigureAwait(false);
        return outcome.ExitCode(signals.Interrupted);
    }

    private async Task<SweepRow?> RunCellAsync(SweepCell cell, int ordinal, ChildRunSignals signals, SweepOutcome outcome)
    {
        var request = new ChildRunRequest(cell.Name, settings.CellDirectory(cell), CellArguments.For(settings, cell, ChildTable.FreshName(time.GetUtcNow(), ordinal)));
        var run = await CellRun.RunAsync(launcher, request, signals).ConfigureAwait(false);
        if (run.Aborts)
        {
            outcome.AbortCode = run.ExitCode;
            log.LogWarning("{Sentence}", run.AbortSentence(cell.Name, "the sweep"));
            return null;
        }

        if (run.Interrupted)
        {
            outcome.AbortCode = ExitCodes.Interrupted;
            log.LogWarning("{Sentence}", $"{cell.Name} was interrupted: its files stay in {settings.CellDirectory(cell)}, marked interrupted, but it is not in sweep.csv (--resume runs it again).");
            return null;
        }

        if (run.Summary is not { } summary)
        {
            outcome.Failed++;
            log.LogWarning("{Sentence}", $"{cell.Name} failed (exit code {run.ExitCode}); it is not in sweep.csv (--resume runs it again).");
            return null;
        }

        _summaries[cell.Name] = summary;
        // The cell's run judged the same summary and exited 99 on the same verdicts.
        var verdicts = _gates.Judge(summary);
        foreach (var verdict in verdicts.Where(v => !v.Passed))
        {
            log.LogInformation("{Sentence}", $"{cell.Name}: {verdict.Line()}");
        }

        return Count(SweepRow.FromSummary(cell, summary, ThresholdJudge.Outcome(verdicts)), outcome);
    }

    // A resumed cell ran in an earlier sweep, whose launcher left its files in the sweep's folder.
    private RunSummary? SummaryOf(SweepCell cell) => _summaries.GetValueOrDefault(cell.Name) ?? ChildRunFolder.ReadSummary(settings.CellDirectory(cell));

    private static SweepRow Count(SweepRow row, SweepOutcome outcome)
    {
        if (row.VerifyMismatch)
        {
            outcome.Mismatched++;
        }
        else if (row.Status != RunStatus.Complete)
        {
            outcome.Failed++;
        }

        return row;
    }

    private async Task<bool> CoolDownAsync(ChildRunSignals signals)
    {
        log.LogInformation("{Sentence}", $"cooling down for {DurationParser.Format(settings.Cooldown)}");
        try
        {
            await Task.Delay(settings.Cooldown, time, signals.Stopping).ConfigureAwait(false);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    private string Plan(IReadOnlyDictionary<string, SweepRow> finished)
    {
        var toRun = settings.Cells.Count(c => !finished.ContainsKey(c.Name));
        // Two seconds a cell for starting the child and creating and deleting its table.
        var seconds = (toRun * (settings.CellTime.TotalSeconds + 2)) + (Math.Max(toRun - 1, 0) * settings.Cooldown.TotalSeconds);
        var estimate = seconds < 120 ? $"{Math.Ceiling(seconds)} s" : $"{Math.Ceiling(seconds / 60)} min";
        var resumed = settings.Cells.Count - toRun;
        return string.Create(CultureInfo.InvariantCulture,
            $"sweep: {settings.Cells.Count} cells{(resumed > 0 ? $", {resumed} already in sweep.csv" : "")}, about {estimate} to go; results in {settings.OutputDirectory}");
    }

    private static string Percent(double value) => value.ToString("0.##", CultureInfo.InvariantCulture) + "%";

    /// <summary>How the cells ended, for the sweep's exit code.</summary>
    private sealed class SweepOutcome
    {
        public int? AbortCode { get; set; }

        public int Failed { get; set; }

        public int Mismatched { get; set; }

        public int Skipped { get; set; }

        /// <summary>A cell of sweep.csv, resumed or run now, broke a --fail-if threshold.</summary>
        public bool GatesFailed { get; set; }

        // A broken gate is the sweep's answer only when nothing worse ended it, as for a run.
        public int ExitCode(bool interrupted) =>
            interrupted ? ExitCodes.Interrupted
            : AbortCode ?? (Mismatched > 0 ? ExitCodes.VerifyMismatch : Failed > 0 ? ExitCodes.Partial : GatesFailed ? ExitCodes.GateFailed : ExitCodes.Success);
    }
}
