using System.Globalization;
using TableLoad.Measurement.Confidence;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Measurement;

/// <summary>Builds the run's summary, per-process rows and client cost included, whenever one is due.</summary>
/// <param name="stages">Each stage's totals when the run follows a plan.</param>
internal sealed class RunSummaryBuilder(RunSettings settings, RunTotals totals, RunTimeline timeline, RunClock clock, FleetSamples samples, IReadOnlyList<IWorkerReport> workers, StageTotals? stages = null)
{
    // A run without workers sends its load from this process, whose settings do not change while it runs.
    private readonly RuntimeSettings? _ownSettings = workers.Count == 0 ? RuntimeSettings.Current(settings.Runtime.ToName()) : null;

    public RunSummary Build(RunStatus status)
    {
        var measuredSeconds = timeline.MeasuredSeconds(clock.ElapsedMicros());
        var period = MeasuredPeriod.Of(timeline, measuredSeconds);
        var entities = totals.Measured.EntitiesSucceeded + totals.Warmup.EntitiesSucceeded;
        var runtime = _ownSettings ?? LoadRuntimeSettings();
        var perProcessRate = measuredSeconds > 0 ? totals.Measured.EntitiesSucceeded / measuredSeconds / settings.Processes : 0;
        var load = new SaturationContext(settings.Client, runtime is { GcDynamicAdaptation: not 0 }, perProcessRate, settings.Load.Model.Rate, settings.Processes)
        {
            Tasks = settings.Tasks,
            ThrottledAnswers = totals.Measured.ThrottledByLimit.Sum(),
            SendMedianMs = totals.Uncorrected is { } send ? LatencySummary.From(send).Median : 0,
        };
        var client = samples.Usage(entities, totals.Measured.Batches, totals.Measured.Late, load);
        var perProcess = workers.Select(w => (RunSummary.Create(settings, w.Totals, measuredSeconds, WorkerStatus(w), 1,
            ClientUsage.From(w.Samples.TakeLast(1), w.Totals.Measured.EntitiesSucceeded + w.Totals.Warmup.EntitiesSucceeded)) with
        {
            Row = string.Create(CultureInfo.InvariantCulture, $"p{w.Index}"),
            Confidence = RunConfidence.Of(w.Totals.Blocks, period),
            RuntimeSettings = w.RuntimeSettings,
        }).WithOperations(w.Totals, period)).ToList();

        return (RunSummary.Create(settings, totals, measuredSeconds, status, settings.Processes, client) with
        {
            PerProcess = perProcess,
            RuntimeSettings = runtime,
            Confidence = RunConfidence.Of(totals.Blocks, period),
            Stages = stages?.Summaries(measuredSeconds) ?? [],
        }).WithOperations(totals, period);
    }

    /// <summary>The workers' settings when they all ran with the same ones, as they are started to; else each row has its own.</summary>
    private RuntimeSettings? LoadRuntimeSettings()
    {
        var reported = workers.Select(w => w.RuntimeSettings).Distinct().ToList();
        return reported is [{ } one] ? one : null;
    }

    private static RunStatus WorkerStatus(IWorkerReport worker) => worker.Failed ? RunStatus.Partial : RunStatus.Complete;
}
