using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Sweep;

namespace TableLoad.Tune;

/// <summary>A probe's figures, as the search judges them, from the row its run wrote.</summary>
internal static class ProbeFiguresReader
{
    /// <summary>The row's figures with the e/s interval of the summary.json in <paramref name="directory"/>, the run's folder, when it has one.</summary>
    public static ProbeFigures Read(SweepRow row, string directory) =>
        From(row) with { EntitiesPerSecondInterval = Summary(directory) is { } summary ? RunIntervals.Of(summary, RunFigure.Eps) : null };

    private static RunSummary? Summary(string directory)
    {
        var path = Path.Combine(directory, ResultFiles.SummaryJson);
        try
        {
            return File.Exists(path) ? ResultJson.ReadSummary(path) : null;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }

    public static ProbeFigures From(SweepRow row)
    {
        var entities = row.Succeeded + row.Failed;
        return new ProbeFigures
        {
            EntitiesPerSecond = row.MeanEntitiesPerSecond,
            P50Ms = row.Median,
            P99Ms = row.P99,
            ThrottledPercent = row.ThrottledPercent,
            // Throttled batches are judged on their own; without retries their entities are failed entities too.
            FailedPercent = entities > 0 ? Math.Max(row.Failed - (row.Throttled * row.Cell.BatchSize), 0) * 100.0 / entities : 0,
            ClientSaturated = row.Saturated,
            CpuMicrosecondsPerEntity = row.Succeeded > 0 ? row.ClientCpuSeconds * 1e6 / row.Succeeded : 0,
        };
    }
}
