using TableLoad.Measurement;

namespace TableLoad.Reporting.Compare;

/// <summary>
/// One operation of a compared side, as a side of its own: each run's summary with the operation's figures in place of the run's,
/// so that the operation is judged by the same estimates, noise and intervals as the run.
/// </summary>
internal static class OperationSide
{
    /// <summary>The names of the operations every run of the side measured, in the order its first run lists them.</summary>
    public static IReadOnlyList<string> Names(ComparedSide side) =>
        [.. side.Runs[0].Summary.Operations.Keys.Where(name => side.Runs.All(r => r.Summary.Operations.ContainsKey(name)))];

    /// <summary>The side narrowed to <paramref name="operation"/>, which every run of it measured.</summary>
    public static ComparedSide Of(ComparedSide side, string operation) =>
        side with { Runs = [.. side.Runs.Select(r => r with { Summary = Narrowed(r.Summary, r.Summary.Operations[operation]) })] };

    // The figures an operation has in summary.json; the client's CPU is the process's and stays out of an operation's comparison.
    private static RunSummary Narrowed(RunSummary run, OperationSummary operation) => run with
    {
        Outcomes = operation.Outcomes,
        EntitiesSucceeded = operation.Entities,
        EntitiesFailed = operation.EntitiesFailed,
        MeanEntitiesPerSecond = operation.MeanEntitiesPerSecond,
        PeakEntitiesPerSecond = operation.PeakEntitiesPerSecond,
        LatencyMs = operation.LatencyMs,
        Confidence = operation.Confidence,
        Throttling = operation.Throttling,
        RequestUnits = operation.RequestUnits,
    };
}
