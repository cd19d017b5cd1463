using TableLoad.Measurement;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>A probe's figures, as the search judges them, from the row its run wrote.</summary>
internal static class ProbeFiguresReader
{
    public static ProbeFigures From(SweepRow row)
    {
        return new ProbeFigures
        {
            EntitiesPerSecond = row.MeanEntitiesPerSecond,
            EntitiesPerSecondInterval = row.EpsInterval,
            P50Ms = row.Median,
            P99Ms = row.P99,
            ThrottledPercent = row.ThrottledPercent,
            // Throttled batches are judged on their own; without retries their entities are failed entities too.
            FailedPercent = RunShares.FailedOtherThanThrottledPercent(row.Failed, row.Succeeded, row.Throttled, row.Cell.BatchSize.Size) ?? 0,
            PeakEntitiesPerSecond = row.PeakEntitiesPerSecond,
            RequestUnitsPerSecond = row.RuPerSecond,
            RequestUnitsPerEntity = row.RuPerEntity,
            Throttling = row.Throttling,
            ClientSaturated = row.Saturated,
            // Unknown (0) only for a probe read from a sweep.csv written before it kept the figure.
            CpuMicrosecondsPerEntity = row.ClientCpuUsPerEntity ?? 0,
        };
    }
}
