using Microsoft.Extensions.Logging;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Measurement.Service;
using TableLoad.Reporting;
using TableLoad.Reporting.Exporters;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine.Phases;

/// <summary>
/// The run phase: drives the load in this process or through the fleet, feeds each second to the
/// per-second files and the live view, and hands the exporters a report when the run starts, every
/// few seconds while it runs, and when it has been measured.
/// </summary>
internal sealed class RunMeasurement(RunSettings settings, TableAdmin admin, WorkerFleet? fleet, IReadOnlyList<IResultExporter> exporters, ILogger log, TextWriter? progress, TimeProvider time)
{
    private static readonly TimeSpan ProvisionalSummaryEvery = TimeSpan.FromSeconds(5);

    /// <summary>The client's requests by minute, for the service's metrics to stand beside; null without <c>--service-metrics</c>.</summary>
    public ClientMinutes? ClientMinutes { get; } = settings.ServiceMetrics is null ? null : new ClientMinutes();

    public async Task<RunReport> MeasureAsync(StopSignals signals)
    {
        var clock = new RunClock(time);
        var timeline = RunTimeline.Create(clock.StartEpochMicros, settings.Warmup, settings.Duration);
        var totals = new RunTotals(settings.Slices);
        var stageTimeline = StageTimeline.Of(settings.Load.Model.Stages, timeline);
        var stages = stageTimeline is null ? null : new StageTotals(stageTimeline);
        using var perSecond = PerSecondFiles.Open(settings.OutputDirectory, clock.StartedUtc, stageTimeline, settings.Slices);
        IReadOnlyList<IWorkerReport> workers = fleet?.Workers ?? [];
        var samples = new FleetSamples(clock, workers);
        List<IWindowSink> sinks = [totals, .. perSecond.Sinks];
        if (stages is not null)
        {
            sinks.Add(stages);
        }

        var live = settings.Quiet || progress is null ? null : LiveView.Create(progress, timeline, settings.Warmup + settings.Duration, samples);
        if (live is not null)
        {
            sinks.Add(live);
        }

        if (ClientMinutes is not null)
        {
            sinks.Add(ClientMinutes);
        }

        var abort = new AbortJudge(settings.Gates.AbortIf, settings.Load.Model, RunIdentity.Of(settings),
            timeline.WarmupEndEpochSecond, settings.Duration.TotalSeconds, signals.StopAtCondition, settings.Slices);
        sinks.Add(abort);
        var summaries = new RunSummaryBuilder(settings, totals, timeline, clock, samples, workers, stages);
        RunReport Report(RunMoments moment, RunStatus status, DateTimeOffset? ended) =>
            new(moment, settings, summaries.Build(status) with { StoppedBy = abort.StoppedBy }, clock.StartedUtc, ended, WorkerFailures());

        var started = Report(RunMoments.Started, RunStatus.Partial, null);
        SayRuntime(started.Summary);
        await exporters.ExportAsync(started).ConfigureAwait(false);
        var nextProvisional = time.GetUtcNow() + ProvisionalSummaryEvery;
        async Task EverySecond()
        {
            samples.SampleCoordinator();
            if (time.GetUtcNow() >= nextProvisional)
            {
                await exporters.ExportAsync(Report(RunMoments.Provisional, RunStatus.Partial, null)).ConfigureAwait(false);
                nextProvisional += ProvisionalSummaryEvery;
            }
        }

        try
        {
            await DriveAsync(clock, timeline, sinks, signals, EverySecond).ConfigureAwait(false);
        }
        catch (Exception failure) when (OutOfMemory.IsCauseOf(failure))
        {
            // The loops have ended and their garbage with them: what they measured is written, marked partial, before the failure is said.
            await exporters.ExportAsync(Report(RunMoments.Provisional, RunStatus.Partial, time.GetUtcNow())).ConfigureAwait(false);
            throw;
        }

        samples.SampleCoordinator();
        live?.Complete();
        var status = fleet?.Workers.Any(w => w.Failure is not null) == true ? RunStatus.Partial
            : signals.Interrupted ? RunStatus.Interrupted
            : RunStatus.Complete;
        var report = Report(RunMoments.Measured, status, time.GetUtcNow());
        await exporters.ExportAsync(report).ConfigureAwait(false);
        return report;
    }

    private async Task DriveAsync(RunClock clock, RunTimeline timeline, IReadOnlyList<IWindowSink> sinks, StopSignals signals, Func<Task> everySecond)
    {
        if (fleet is not null)
        {
            await fleet.RunAsync(clock, timeline, sinks, signals, everySecond).ConfigureAwait(false);
            return;
        }

        var batchLog = new BatchLogSink(settings.BatchLogBuffer);
        var batchLogTask = batchLog.WriteAllAsync(settings.WriteBatchLog ? Path.Combine(settings.OutputDirectory, ResultFiles.BatchesCsvOf(0, 1)) : null);
        await new ProcessLoad(settings, admin, log).RunAsync(clock, timeline, sinks, batchLog.Writer, signals, _ => everySecond()).ConfigureAwait(false);
        batchLog.Writer.Complete();
        await batchLogTask.ConfigureAwait(false);
    }

    private void SayRuntime(RunSummary summary)
    {
        if (summary.PerProcess.Count == 0)
        {
            log.LogDebug("runtime in effect: {Runtime}", summary.RuntimeSettings?.Describe());
        }

        foreach (var process in summary.PerProcess)
        {
            log.LogDebug("runtime in effect in {Process}: {Runtime}", process.Row, process.RuntimeSettings?.Describe());
        }
    }

    private List<string> WorkerFailures() =>
        [.. (fleet?.Workers ?? []).Where(w => w.Failure is not null).Select(w => $"{w.Name} {w.Failure}; what it reported before is kept.")];
}
