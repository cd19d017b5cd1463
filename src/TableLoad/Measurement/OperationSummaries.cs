using TableLoad.Measurement.Confidence;
using TableLoad.Settings;

namespace TableLoad.Measurement;

/// <summary>Each operation's and each scenario's figures, from their slices of the run's totals, computed as the run's own are.</summary>
internal static class OperationSummaries
{
    /// <summary>The figures keyed by operation; null when the totals have no slices (one operation, whose figures are the run's).</summary>
    /// <param name="run">The summary of the whole, whose identity, measured time, status and processes each operation shares.</param>
    public static IReadOnlyDictionary<string, OperationSummary>? Of(RunSummary run, RunTotals totals, MeasuredPeriod period)
    {
        var slices = totals.Slices.Where(s => Storage.TableOperationNames.TryParse(s.Name, out _)).ToList();
        return slices.Count == 0 ? null : slices.ToDictionary(s => s.Name, s => Figures(run, s.Totals, period), StringComparer.Ordinal);
    }

    /// <summary>The figures keyed by scenario, each with its operations' (SCENARIO.OPERATION slices); null for a run of one load.</summary>
    public static IReadOnlyDictionary<string, OperationSummary>? ScenariosOf(RunSummary run, RunTotals totals, MeasuredPeriod period)
    {
        var slices = totals.Slices.ToList();
        var scenarios = slices.Where(s => ScenarioSlices.IsScenario(s.Name)).ToList();
        return scenarios.Count == 0 ? null : scenarios.ToDictionary(
            s => s.Name,
            s => Figures(run, s.Totals, period) with
            {
                Operations = slices.Where(o => ScenarioSlices.OperationIn(o.Name, s.Name) is not null)
                    .ToDictionary(o => ScenarioSlices.OperationIn(o.Name, s.Name)!, o => Figures(run, o.Totals, period), StringComparer.Ordinal),
            },
            StringComparer.Ordinal);
    }

    private static OperationSummary Figures(RunSummary run, RunTotals totals, MeasuredPeriod period)
    {
        var identity = new RunIdentity(run.RunId, run.Label, run.Tasks, run.BatchSize, run.EntitySize, run.Partitions, run.Rate, run.BatchClient)
        {
            Entity = run.Entity,
            Workload = run.Workload,
            KeySpace = run.KeySpace,
        };
        return OperationSummary.OfRun(RunSummary.Create(identity, totals, run.MeasuredSeconds, run.Status, run.Processes, ClientUsage.From([], 0)) with
        {
            Confidence = RunConfidence.Of(totals.Blocks, period),
        });
    }
}
