using System.Globalization;
using TableLoad.Settings;

namespace TableLoad.Measurement;

/// <summary>Builds the run's summary, per-process rows and client cost included, whenever one is due.</summary>
internal sealed class RunSummaryBuilder(RunSettings settings, RunTotals totals, RunTimeline timeline, RunClock clock, FleetSamples samples, IReadOnlyList<IWorkerReport> workers)
{
    public RunSummary Build(RunStatus status)
    {
        var measuredSeconds = timeline.MeasuredSeconds(clock.ElapsedMicros());
        var entities = totals.Measured.EntitiesSucceeded + totals.Warmup.EntitiesSucceeded;
        var client = samples.Usage(entities, totals.Measured.Batches, totals.Measured.Late);
        var perProcess = workers.Select(w => RunSummary.Create(settings, w.Totals, measuredSeconds, WorkerStatus(w), 1,
            ClientUsage.From(w.Samples.TakeLast(1), w.Totals.Measured.EntitiesSucceeded + w.Totals.Warmup.EntitiesSucceeded)) with
        {
            Row = string.Create(CultureInfo.InvariantCulture, $"p{w.Index}"),
        }).ToList();

        return RunSummary.Create(settings, totals, measuredSeconds, status, settings.Processes, client) with { PerProcess = perProcess };
    }

    private static RunStatus WorkerStatus(IWorkerReport worker) => worker.Failed ? RunStatus.Partial : RunStatus.Complete;
}
