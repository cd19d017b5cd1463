using System.Globalization;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>
/// One run from start to end, as its coordinator: prepare the table, drive the load (in this process
/// or through worker processes), publish each second, write the result files, print the table,
/// verify, clean up.
/// </summary>
internal sealed class RunCoordinator(RunSettings settings, RunInvocation invocation, TextWriter output, TextWriter errors, TimeProvider time)
{
    private static readonly TimeSpan ProvisionalSummaryEvery = TimeSpan.FromSeconds(5);

    public async Task<int> RunAsync(StopSignals signals)
    {
        ThreadPoolTuning.Apply(settings.Tasks);
        using var admin = new TableAdmin(settings.Target, settings.Table, settings.TableCallTimeout);
        bool created;
        try
        {
            created = await TablePreparation.CreateAsync(admin, settings, signals.Abandon).ConfigureAwait(false);
        }
        catch (TargetUnreachableException ex)
        {
            await errors.WriteLineAsync(ex.Message).ConfigureAwait(false);
            return ExitCodes.Unreachable;
        }

        var deleteAtEnd = created && !settings.KeepTable && !settings.SharedRun;
        int exitCode;
        try
        {
            exitCode = await RunOnTableAsync(admin, created, signals).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is TableServiceException or HttpRequestException)
        {
            // The service refused or stopped answering a call on the table: the result files stay as written.
            await errors.WriteLineAsync(Sentence(ex, "finish the run")).ConfigureAwait(false);
            exitCode = ExitCodes.Unreachable;
        }
        catch when (deleteAtEnd)
        {
            await TryDeleteAsync(admin).ConfigureAwait(false);
            throw;
        }

        if (deleteAtEnd && !await TryDeleteAsync(admin).ConfigureAwait(false) && exitCode == ExitCodes.Success)
        {
            exitCode = ExitCodes.Unreachable;
        }

        return exitCode;
    }

    private async Task<int> RunOnTableAsync(TableAdmin admin, bool created, StopSignals signals)
    {
        if (!created && !settings.AllowExistingTable && await admin.HasEntitiesAsync(signals.Abandon).ConfigureAwait(false))
        {
            await errors.WriteLineAsync($"The table {settings.Table} already holds entities; pass --allow-existing-table to write into it anyway.").ConfigureAwait(false);
            return ExitCodes.BadInput;
        }

        var preexisting = !created && settings.Verify ? await admin.CountAsync(signals.Abandon).ConfigureAwait(false) : 0;
        Directory.CreateDirectory(settings.OutputDirectory);
        using var fleet = settings.Processes > 1 ? new WorkerFleet(settings, invocation.Args, invocation.ConnectionString, time) : null;
        if (fleet is not null && await fleet.StartAsync(signals.Abandon).ConfigureAwait(false) is { } failure)
        {
            await errors.WriteLineAsync(failure).ConfigureAwait(false);
            return ExitCodes.Failure;
        }

        if (!await WaitForStartAsync(signals).ConfigureAwait(false))
        {
            await errors.WriteLineAsync("Interrupted before the start time; nothing was sent.").ConfigureAwait(false);
            return ExitCodes.Interrupted;
        }

        var run = await MeasureAsync(admin, fleet, signals).ConfigureAwait(false);
        return await FinishAsync(admin, run, preexisting).ConfigureAwait(false);
    }

    /// <summary>Deletes the table this run made; a failure is said in one sentence and leaves the results as they are.</summary>
    private async Task<bool> TryDeleteAsync(TableAdmin admin)
    {
        try
        {
            await admin.DeleteAsync(CancellationToken.None).ConfigureAwait(false);
            return true;
        }
        catch (Exception ex) when (ex is TableServiceException or HttpRequestException)
        {
            await errors.WriteLineAsync(Sentence(ex, $"delete the table {settings.Table}")).ConfigureAwait(false);
            return false;
        }
    }

    /// <summary>A failed table call in one sentence: the service's own, or the transport's reason.</summary>
    private static string Sentence(Exception failure, string doing) => failure is HttpRequestException http
        ? $"Could not {doing}: the Table endpoint stopped answering ({http.HttpRequestError})."
        : failure.Message;

    private async Task<bool> WaitForStartAsync(StopSignals signals)
    {
        if (settings.StartAt is not { } startAt || startAt <= time.GetUtcNow())
        {
            return true;
        }

        // The invariant culture: a Thai or Persian calendar, or a culture whose time separator is not a colon, would print another date.
        await errors.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"waiting until {startAt.UtcDateTime:yyyy-MM-ddTHH:mm:ss.fffZ} to start")).ConfigureAwait(false);
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

    private async Task<int> FinishAsync(TableAdmin admin, MeasuredRun run, long preexisting)
    {
        var summary = run.Summary;
        var exitCode = summary.Status switch
        {
            RunStatus.Partial => ExitCodes.Partial,
            RunStatus.Interrupted => ExitCodes.Interrupted,
            _ => ExitCodes.Success,
        };

        // Also after a second Ctrl+C: abandoned batches were read back, so the count can still be explained.
        if (settings.Verify)
        {
            var expected = preexisting + run.Totals.Measured.EntitiesSucceeded + run.Totals.Warmup.EntitiesSucceeded;
            var stored = await admin.CountAsync(CancellationToken.None).ConfigureAwait(false);
            summary = summary with { Stored = new StoredCount(stored, expected, stored == expected) };
            var unknown = summary.Abandoned.Unknown > 0 ? $"; {summary.Abandoned.Unknown} abandoned batches could not be read back" : "";
            await output.WriteLineAsync(stored == expected
                ? $"stored {stored} entities: matches"
                : $"stored {stored} entities: MISMATCH (expected {expected}{unknown})").ConfigureAwait(false);
            if (stored != expected && exitCode == ExitCodes.Success)
            {
                exitCode = ExitCodes.VerifyMismatch;
            }
        }

        await ResultJson.WriteAsync(Path.Combine(settings.OutputDirectory, "summary.json"), summary).ConfigureAwait(false);
        await output.WriteLineAsync($"results: {settings.OutputDirectory}").ConfigureAwait(false);
        return exitCode;
    }

    private async Task<MeasuredRun> MeasureAsync(TableAdmin admin, WorkerFleet? fleet, StopSignals signals)
    {
        var clock = new RunClock(time);
        var timeline = RunTimeline.Create(clock.StartEpochMicros, settings.Warmup, settings.Duration);
        var dir = settings.OutputDirectory;
        var totals = new RunTotals();
        using var intervals = new IntervalCsvWriter(new StreamWriter(Path.Combine(dir, "intervals.csv")), timeline.StartEpochSecond);
        using var hlog = new HistogramLogSink(new StreamWriter(Path.Combine(dir, "latency.hlog")), clock.StartedUtc);
        IReadOnlyList<IWorkerReport> workers = fleet?.Workers ?? [];
        var samples = new FleetSamples(clock, workers);
        List<IIntervalSink> sinks = [totals, intervals, hlog];
        var live = settings.Quiet ? null : LiveView.Create(errors, timeline, settings.Warmup + settings.Duration, samples);
        if (live is not null)
        {
            sinks.Add(live);
        }

        await ResultJson.WriteAsync(Path.Combine(dir, "run.json"), RunDescription.Create(settings, clock.StartedUtc, null)).ConfigureAwait(false);
        var summaries = new RunSummaryBuilder(settings, totals, timeline, clock, samples, workers);
        var nextProvisional = time.GetUtcNow() + ProvisionalSummaryEvery;
        async Task EverySecond()
        {
            samples.SampleCoordinator();
            if (time.GetUtcNow() >= nextProvisional)
            {
                // A crash from here on still leaves a readable summary, marked partial.
                await ResultJson.WriteAsync(Path.Combine(dir, "summary.json"), summaries.Build(RunStatus.Partial)).ConfigureAwait(false);
                nextProvisional += ProvisionalSummaryEvery;
            }
        }

        if (fleet is null)
        {
            var batchLog = new BatchLogWriter(settings.BatchLogBuffer);
            var batchLogTask = batchLog.WriteAllAsync(settings.WriteBatchLog ? Path.Combine(dir, BatchLogWriter.FileName(0, 1)) : null);
            await new ProcessLoad(settings, admin).RunAsync(clock, timeline, sinks, batchLog.Writer, signals, _ => EverySecond()).ConfigureAwait(false);
            batchLog.Writer.Complete();
            await batchLogTask.ConfigureAwait(false);
        }
        else
        {
            await fleet.RunAsync(clock, timeline, sinks, signals, EverySecond).ConfigureAwait(false);
        }

        samples.SampleCoordinator();
        live?.Complete();
        var status = fleet?.Workers.Any(w => w.Failure is not null) == true ? RunStatus.Partial
            : signals.Interrupted ? RunStatus.Interrupted
            : RunStatus.Complete;
        var summary = summaries.Build(status);
        await ResultJson.WriteAsync(Path.Combine(dir, "run.json"), RunDescription.Create(settings, clock.StartedUtc, time.GetUtcNow())).ConfigureAwait(false);
        await ResultJson.WriteAsync(Path.Combine(dir, "summary.json"), summary).ConfigureAwait(false);
        await PrintAsync(summary, fleet).ConfigureAwait(false);
        return new MeasuredRun(summary, totals);
    }

    private async Task PrintAsync(RunSummary summary, WorkerFleet? fleet)
    {
        foreach (var worker in fleet?.Workers.Where(w => w.Failure is not null) ?? [])
        {
            await errors.WriteLineAsync($"{worker.Name} {worker.Failure}; what it reported before is kept.").ConfigureAwait(false);
        }

        List<RunSummary> rows = [summary];
        if (settings.PerProcess)
        {
            rows.AddRange(summary.PerProcess);
        }

        await output.WriteAsync(ResultTable.Render(rows)).ConfigureAwait(false);
        await output.WriteAsync(ResultTable.RenderDetails(summary)).ConfigureAwait(false);
    }

    private sealed record MeasuredRun(RunSummary Summary, RunTotals Totals);
}

/// <summary>How the run command was called, for handing the same settings to worker processes.</summary>
internal sealed record RunInvocation(IReadOnlyList<string> Args, string? ConnectionString)
{
    /// <summary>Never the connection string (nor a --sas among the arguments), which a generated ToString would print.</summary>
    public override string ToString() => $"{nameof(RunInvocation)} {{ {Args.Count} arguments }}";
}
