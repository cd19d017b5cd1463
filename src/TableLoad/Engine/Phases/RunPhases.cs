using System.Globalization;
using Microsoft.Extensions.Logging;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Measurement.Service;
using TableLoad.Service;
using TableLoad.Reporting.Exporters;
using TableLoad.Service.Log;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine.Phases;

/// <summary>A coordinator's run in phases: the table around it, the fleet and start time before it, verification after it.</summary>
internal sealed class RunPhases(
    RunSettings settings, RunTable table, IReadOnlyList<IResultExporter> exporters, TextWriter output, ILogger log, TextWriter? progress, TimeProvider time, StopSignals signals)
    : IRunPhases, IDisposable
{
    private WorkerFleet? _fleet;
    private RunReport? _measured;
    private PreloadSummary? _preload;
    private ClientMinutes? _clientMinutes;

    public Task<int?> GlobalSetupAsync() => table.PrepareAsync(signals.Abandon);

    public async Task<int?> SetupAsync()
    {
        Directory.CreateDirectory(settings.OutputDirectory);
        // Each scenario that asks for it fills its own key space; the summary's preload is all of them.
        // A Ctrl+C stops the preload as it stops a load: the run then sends nothing and its results are written, marked interrupted.
        foreach (var load in settings.Loads().Where(l => l.Load.Preload).TakeWhile(_ => !signals.Interrupted))
        {
            var who = load.ScenarioName is { } name ? name + ": " : "";
            var planned = Preload.EntitiesOf(load);
            log.LogInformation("{Sentence}", who + PreloadPlanSentence(load, planned));
            var preload = await new Preload(load, table.Admin, time, settings.Quiet ? null : progress, table.OwnCalls).RunAsync(signals).ConfigureAwait(false);
            log.LogInformation("{Sentence}", who + PreloadSentence(preload, planned, signals.Interrupted));
            _preload = _preload is { } earlier ? earlier.Plus(preload) : preload;
        }

        // This process runs with TableLoad's runtimeconfig, so a load under .NET's defaults needs a process started with them.
        _fleet = settings.Processes > 1 || settings.Runtime != RuntimeProfile.Tuned ? new WorkerFleet(settings, time, log, ownCalls: table.OwnCalls) : null;
        if (_fleet is not null && await _fleet.StartAsync(signals.Abandon).ConfigureAwait(false) is { } failure)
        {
            log.LogError("{Sentence}", failure);
            StopFleet();
            return ExitCodes.Failure;
        }

        // After a preload its entities are in the table, so an interrupted wait still writes the run's results.
        if (!await WaitForStartAsync().ConfigureAwait(false) && _preload is null)
        {
            log.LogWarning("{Sentence}", "Interrupted before the start time; nothing was sent.");
            StopFleet();
            return ExitCodes.Interrupted;
        }

        return null;
    }

    public async Task<int> RunAsync()
    {
        try
        {
            var measurement = new RunMeasurement(settings, table.Admin, _fleet, exporters, log, progress, time);
            _clientMinutes = measurement.ClientMinutes;
            _measured = await measurement.MeasureAsync(signals).ConfigureAwait(false);
            _measured = _measured with { Summary = _measured.Summary with { Preload = _preload } };
        }
        finally
        {
            // Every worker has finished or been given up on; none is needed to verify.
            StopFleet();
        }

        return _measured.Summary.Status switch
        {
            RunStatus.Partial => ExitCodes.Partial,
            RunStatus.Interrupted => ExitCodes.Interrupted,
            RunStatus.Complete => ExitCodes.Success,
        };
    }

    public async Task<int> CleanupAsync(int exitCode)
    {
        var report = _measured! with { Moment = RunMoments.Finished };
        // Also after a second Ctrl+C: abandoned batches were read back, so the count can still be explained.
        if (settings.Verify)
        {
            var measured = report.Summary;
            var expected = table.Preexisting + (measured.Preload?.Entities ?? 0) + measured.KeysWritten - measured.KeysDeleted;
            var stored = await table.CountAsync().ConfigureAwait(false);
            report = report with { Summary = measured with { Stored = new StoredCount(stored, expected, stored == expected) } };
            var unknown = measured.Abandoned.Unknown > 0 ? $"; {measured.Abandoned.Unknown} abandoned batches could not be read back" : "";
            await output.WriteLineAsync(stored == expected
                ? $"stored {stored} entities: matches"
                : $"stored {stored} entities: MISMATCH (expected {expected}{unknown})").ConfigureAwait(false);
            if (stored != expected && exitCode == ExitCodes.Success)
            {
                exitCode = ExitCodes.VerifyMismatch;
            }
        }

        if (NoKeyLeftSentence(report.Summary) is { } noKeyLeft)
        {
            await output.WriteLineAsync(noKeyLeft).ConfigureAwait(false);
        }

        if (settings.ServiceMetrics is { } service && _clientMinutes is { } minutes)
        {
            var view = await ServiceView.ReadAsync(service, minutes, settings.OutputDirectory, output, progress, log, time, signals.Interrupt, settings.Table, table.OwnCalls.Between).ConfigureAwait(false);
            report = report with { Summary = report.Summary with { Service = view } };
        }

        if (settings.ServiceLog is { } serviceLog)
        {
            var (joined, warnings) = await ServiceLogJoinStep.JoinAsync(report.Summary, [(settings.OutputDirectory, report.StartedUtc)], serviceLog, settings.Target).ConfigureAwait(false);
            report = report with { Summary = joined };
            foreach (var warning in warnings)
            {
                log.LogWarning("{Sentence}", warning);
            }
        }

        var (judged, verdicts) = RunGates.Judge(settings, report.Summary);
        report = report with { Summary = judged };
        await exporters.ExportAsync(report).ConfigureAwait(false);
        if (report.Summary.Service?.Log is { } serviceLogSummary)
        {
            foreach (var line in ServiceLogLines.Of(serviceLogSummary))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }
        }

        var gates = await RunGates.SayAsync(settings, verdicts, report.Summary, output).ConfigureAwait(false);

        await output.WriteLineAsync($"results: {settings.OutputDirectory}").ConfigureAwait(false);
        // A broken gate, or a condition that stopped the run, is the run's answer only when nothing worse ended it (a mismatch, a partial or interrupted run).
        var broken = gates == GateOutcome.Failed || report.Summary.StoppedBy is not null;
        return broken && exitCode == ExitCodes.Success ? ExitCodes.GateFailed : exitCode;
    }

    public Task<int> GlobalCleanupAsync(int exitCode) => table.DeleteAsync(exitCode);

    public async Task<int?> SayFailureAsync(Exception failure)
    {
        if (OutOfMemory.Sentence(failure) is { } outOfMemory)
        {
            // The figures up to here are already written, marked partial; a stack trace would say nothing more.
            log.LogError("{Sentence}", outOfMemory);
            return ExitCodes.Failure;
        }

        if (UnwrittenResults.Is(failure))
        {
            // The table's cleanup follows, as after any failure that is said.
            log.LogError("{Sentence}", UnwrittenResults.Sentence(failure, settings));
            return ExitCodes.Failure;
        }

        if (!TableCallFailure.Is(failure))
        {
            return null;
        }

        // The service refused or stopped answering a call on the table: the result files stay as written.
        log.LogError("{Sentence}", TableCallFailure.Sentence(failure, "finish the run"));
        return ExitCodes.Unreachable;
    }

    private static string PreloadPlanSentence(RunSettings load, long planned)
    {
        var tasks = load.Processes * load.Tasks;
        var partitions = planned / load.Load.KeySpace!.Value / tasks;
        return string.Create(CultureInfo.InvariantCulture,
            $"preloading {planned} entities before the warm-up: the key space of {load.Load.KeySpace} for each of {tasks} tasks{(partitions > 1 ? $", in each of the {partitions} partitions a task writes" : "")}");
    }

    private static string PreloadSentence(PreloadSummary preload, long planned, bool interrupted) => string.Create(CultureInfo.InvariantCulture,
        $"{(interrupted ? $"preload stopped by Ctrl+C: {preload.Entities} of {planned}" : $"preloaded {preload.Entities}")} entities in {preload.Batches} batches in {preload.Seconds:0.0} s{(preload.FailedBatches > 0 ? $"; {preload.FailedBatches} batches were not stored, so their keys are missing" : "")}");

    /// <summary>A delete run whose tasks ran out of keys before its time: it ended early, which the output says.</summary>
    private static string? NoKeyLeftSentence(RunSummary summary) =>
        summary.Workload.Operations is [var only] && only.KeyUse().Removes() && summary.Preload is { } preload && summary.KeysDeleted >= preload.Entities
            ? $"delete: no key left; the load ended once all {summary.KeysDeleted} keys of the key space were deleted"
            : null;

    /// <summary>Stops the worker processes still there when a phase failed unexpectedly.</summary>
    public void Dispose() => StopFleet();

    private void StopFleet()
    {
        _fleet?.Dispose();
        _fleet = null;
    }

    private async Task<bool> WaitForStartAsync()
    {
        if (settings.StartAt is not { } startAt || startAt <= time.GetUtcNow())
        {
            return true;
        }

        // The invariant culture: a Thai or Persian calendar, or a culture whose time separator is not a colon, would print another date.
        log.LogInformation("{Sentence}", string.Create(CultureInfo.InvariantCulture, $"waiting until {startAt.UtcDateTime:yyyy-MM-ddTHH:mm:ss.fffZ} to start"));
        try
        {
            await Task.Delay(startAt - time.GetUtcNow(), time, signals.StopStarting).ConfigureAwait(false);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }
}
