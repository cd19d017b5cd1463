using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement;

/// <summary>Each operation's figures of a mix, from its slice of the run's totals, computed as the run's own are.</summary>
internal static class OperationSummaries
{
    /// <summary>The figures keyed by operation; null when the totals have no slices (one operation, whose figures are the run's).</summary>
    /// <param name="run">The summary of the whole, whose identity, measured time, status and processes each operation shares.</param>
    public static IReadOnlyDictionary<string, OperationSummary>? Of(RunSummary run, RunTotals totals, MeasuredPeriod period)
    {
        var slices = totals.Slices.ToList();
        if (slices.Count == 0)
        {
            return null;
        }

        var identity = new RunIdentity(run.RunId, run.Label, run.Tasks, run.BatchSize, run.EntitySize, run.Partitions, run.Rate, run.BatchClient)
        {
            Entity = run.Entity,
            Operation = run.Operation,
            KeySpace = run.KeySpace,
        };
        return slices.ToDictionary(
            s => s.Name,
            s => OperationSummary.OfRun(RunSummary.Create(identity, s.Totals, run.MeasuredSeconds, run.Status, run.Processes, ClientUsage.From([], 0)) with
            {
                Confidence = RunConfidence.Of(s.Totals.Blocks, period),
            }),
            StringComparer.Ordinal);
    }
}
