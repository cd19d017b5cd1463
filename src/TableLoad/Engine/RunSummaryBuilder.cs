using System.Globalization;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;

namespace TableLoad.Engine;

/// <summary>Builds the run's summary, per-process rows and client cost included, whenever one is due.</summary>
internal sealed class RunSummaryBuilder(RunSettings settings, RunTotals totals, RunTimeline timeline, RunClock clock, FleetSamples samples, WorkerFleet? fleet)
{
    public RunSummary Build(RunStatus status)
    {
        var measuredSeconds = timeline.MeasuredSeconds(clock.ElapsedMicros());
        var entities = totals.Measured.EntitiesSucceeded + totals.Warmup.EntitiesSucceeded;
        var client = samples.Usage(entities, totals.Measured.Batches, totals.Measured.Late);
        var perProcess = fleet?.Workers.Select(w => RunSummary.Create(settings, w.Totals, measuredSeconds, WorkerStatus(w), 1,
            ClientUsage.From(w.Samples.TakeLast(1), w.Totals.Measured.EntitiesSucceeded + w.Totals.Warmup.EntitiesSucceeded)) with
        {
            Row = string.Create(CultureInfo.InvariantCulture, $"p{w.Index}"),
        }).ToList() ?? [];

        return RunSummary.Create(settings, totals, measuredSeconds, status, settings.Processes, client) with { PerProcess = perProcess };
    }

    private static RunStatus WorkerStatus(WorkerProcess worker) => worker.Failure is not null ? RunStatus.Partial : RunStatus.Complete;
}
