using TableLoad.Cli;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Resilience;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// One run from start to end: prepare the table, drive the load, collect each second, write the
/// result files, print the table, verify, clean up. The composition root of a single process.
/// </summary>
internal sealed class LoadTest(RunSettings settings, TextWriter output, TextWriter errors, TimeProvider time)
{
    private static readonly TimeSpan ProvisionalSummaryEvery = TimeSpan.FromSeconds(5);

    public async Task<int> RunAsync(StopSignals signals)
    {
        var maxConnections = settings.Tasks + 4;
        ThreadPool.GetMinThreads(out var workers, out var io);
        ThreadPool.SetMinThreads(Math.Max(workers, settings.Tasks + 2), Math.Max(io, settings.Tasks + 2));

        using var client = new TableRestClient(settings.Target, HttpHandlerFactory.Create(maxConnections));
        bool created;
        try
        {
            created = await TablePreparation.CreateAsync(client, settings, signals.Abandon).ConfigureAwait(false);
        }
        catch (TargetUnreachableException ex)
        {
            await errors.WriteLineAsync(ex.Message).ConfigureAwait(false);
            return ExitCodes.Unreachable;
        }

        var preexisting = !created && settings.Verify ? await Verification.CountAsync(client, settings.Table, signals.Abandon).ConfigureAwait(false) : 0;
        Directory.CreateDirectory(settings.OutputDirectory);
        var result = await MeasureAsync(client, signals, maxConnections).ConfigureAwait(false);
        var summary = result.Summary;

        var exitCode = signals.Interrupted ? ExitCodes.Interrupted : ExitCodes.Success;
        if (settings.Verify && !signals.Abandon.IsCancellationRequested)
        {
            var expected = preexisting + result.Totals.Measured.EntitiesSucceeded + result.Totals.Warmup.EntitiesSucceeded;
            var stored = await Verification.CountAsync(client, settings.Table, CancellationToken.None).ConfigureAwait(false);
            summary = summary with { Stored = new StoredCount(stored, expected, stored == expected) };
            await output.WriteLineAsync(stored == expected
                ? $"stored {stored} entities: matches"
                : $"stored {stored} entities: MISMATCH (expected {expected})").ConfigureAwait(false);
            if (stored != expected)
            {
                exitCode = ExitCodes.VerifyMismatch;
            }
        }

        await ResultJson.WriteAsync(Path.Combine(settings.OutputDirectory, "summary.json"), summary).ConfigureAwait(false);
        if (created && !settings.KeepTable)
        {
            await client.DeleteTableAsync(settings.Table, CancellationToken.None).ConfigureAwait(false);
        }

        await output.WriteLineAsync($"results: {settings.OutputDirectory}").ConfigureAwait(false);
        return exitCode;
    }

    private async Task<(RunSummary Summary, RunTotals Totals)> MeasureAsync(TableRestClient client, StopSignals signals, int maxConnections)
    {
        var clock = new RunClock(time);
        var timeline = RunTimeline.Create(clock.StartEpochMicros, settings.Warmup, settings.Duration);
        var startSecond = timeline.StartEpochSecond;
        var runMicros = timeline.StopMicros;

        var dir = settings.OutputDirectory;
        var totals = new RunTotals();
        using var intervals = new IntervalCsvWriter(new StreamWriter(Path.Combine(dir, "intervals.csv")), startSecond);
        using var hlog = new HistogramLogSink(new StreamWriter(Path.Combine(dir, "latency.hlog")), clock.StartedUtc);
        List<IIntervalSink> sinks = [totals, intervals, hlog];
        if (!settings.Quiet)
        {
            sinks.Add(new ProgressReporter(errors, startSecond, runMicros / 1e6));
        }

        var collector = new IntervalCollector(clock, new WindowPool(), timeline.WarmupEndEpochSecond, sinks);
        var batchLog = new BatchLogWriter();
        var batchLogTask = batchLog.WriteAllAsync(settings.WriteBatchLog ? Path.Combine(dir, "batches.csv") : null);
        await ResultJson.WriteAsync(Path.Combine(dir, "run.json"), RunDescription.Create(settings, clock.StartedUtc, null, maxConnections)).ConfigureAwait(false);

        var template = EntityTemplate.Create(settings.EntitySize, settings.Properties);
        var submitter = new BatchSubmitter(client, BatchPipelineFactory.Create(settings.Timeout, settings.Retries));
        var runner = new LoadRunner(settings, template, client.TableUrl(settings.Table), submitter, clock, collector, batchLog.Writer, settings.RunId);

        using var stopStarting = CancellationTokenSource.CreateLinkedTokenSource(signals.StopStarting);
        stopStarting.CancelAfter(TimeSpan.FromTicks(runMicros * 10));
        using var onInterrupt = signals.StopStarting.Register(() => signals.AbandonAfter(settings.Timeout + TimeSpan.FromSeconds(5)));
        var running = runner.RunAsync(stopStarting.Token, signals.Abandon);

        RunSummary Summarise(RunStatus status)
        {
            var measuredSeconds = timeline.MeasuredSeconds(clock.ElapsedMicros());
            return RunSummary.Create(settings, totals, measuredSeconds, status, processes: 1, ClientUsage.Measure(totals.Measured.EntitiesSucceeded + totals.Warmup.EntitiesSucceeded));
        }

        var nextProvisional = time.GetUtcNow() + ProvisionalSummaryEvery;
        while (!running.IsCompleted)
        {
            var untilNextSecond = TimeSpan.FromMicroseconds(1_000_000 - ((clock.StartEpochMicros + clock.ElapsedMicros()) % 1_000_000) + 2_000);
            await Task.WhenAny(running, Task.Delay(untilNextSecond, time)).ConfigureAwait(false);
            collector.Collect();
            if (time.GetUtcNow() >= nextProvisional)
            {
                // A crash from here on still leaves a readable summary, marked partial.
                await ResultJson.WriteAsync(Path.Combine(dir, "summary.json"), Summarise(RunStatus.Partial)).ConfigureAwait(false);
                nextProvisional += ProvisionalSummaryEvery;
            }
        }

        await running.ConfigureAwait(false);
        collector.Flush();
        batchLog.Writer.Complete();
        await batchLogTask.ConfigureAwait(false);

        var summary = Summarise(signals.Interrupted ? RunStatus.Interrupted : RunStatus.Complete);
        await ResultJson.WriteAsync(Path.Combine(dir, "run.json"), RunDescription.Create(settings, clock.StartedUtc, time.GetUtcNow(), maxConnections)).ConfigureAwait(false);
        await ResultJson.WriteAsync(Path.Combine(dir, "summary.json"), summary).ConfigureAwait(false);
        await output.WriteAsync(ResultTable.Render([summary])).ConfigureAwait(false);
        await output.WriteAsync(ResultTable.RenderDetails(summary)).ConfigureAwait(false);
        return (summary, totals);
    }
}
