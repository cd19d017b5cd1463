using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>A probe's figures, as the search judges them, from the row its run wrote.</summary>
internal static class ProbeFiguresReader
{
    public static ProbeFigures From(SweepRow row)
    {
        var entities = row.Succeeded + row.Failed;
        return new ProbeFigures
        {
            EntitiesPerSecond = row.MeanEntitiesPerSecond,
            EntitiesPerSecondInterval = row.EpsInterval,
            P50Ms = row.Median,
            P99Ms = row.P99,
            ThrottledPercent = row.ThrottledPercent,
            // Throttled batches are judged on their own; without retries their entities are failed entities too.
            FailedPercent = entities > 0 ? Math.Max(row.Failed - (row.Throttled * row.Cell.BatchSize), 0) * 100.0 / entities : 0,
            PeakEntitiesPerSecond = row.PeakEntitiesPerSecond,
            RequestUnitsPerSecond = row.RuPerSecond,
            RequestUnitsPerEntity = row.RuPerEntity,
            Throttling = row.Throttling,
            ClientSaturated = row.Saturated,
            CpuMicrosecondsPerEntity = row.Succeeded > 0 ? row.ClientCpuSeconds * 1e6 / row.Succeeded : 0,
        };
    }
}
