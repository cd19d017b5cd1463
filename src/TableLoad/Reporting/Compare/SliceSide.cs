using System.Collections.ObjectModel;
using TableLoad.Measurement;
using TableLoad.Settings;

namespace TableLoad.Reporting.Compare;

/// <summary>
/// One part of a compared side measured apart (an operation or a scenario), as a side of its own: each run's summary with the part's
/// figures in place of the run's, so that the part is judged by the same estimates, noise and intervals as the run.
/// </summary>
internal static class SliceSide
{
    /// <summary>The names of the parts of <paramref name="kind"/> every run of the side measured, in the order its first run lists them.</summary>
    public static IReadOnlyList<string> Names(ComparedSide side, SliceKind kind) =>
        [.. Of(side.Runs[0].Summary, kind).Keys.Where(name => side.Runs.All(r => Of(r.Summary, kind).ContainsKey(name)))];

    /// <summary>
    /// Every name a gate may scope the side's figures by: its operations, its scenarios and each scenario's operations (<c>lookups.read</c>),
    /// and whether any of them is a scenario's.
    /// </summary>
    public static (IReadOnlyList<string> Names, bool Scenarios) Scopes(ComparedSide side)
    {
        var scenarios = Names(side, SliceKind.Scenario);
        var names = Names(side, SliceKind.Operation)
            .Concat(scenarios.SelectMany(s => (IEnumerable<string>)[s, .. Names(Of(side, SliceKind.Scenario, s), SliceKind.Operation).Select(o => ScenarioSlices.Of(s, o))]));
        return ([.. names], scenarios.Count > 0);
    }

    /// <summary>The side narrowed to the part named <paramref name="name"/>, which every run of it measured.</summary>
    public static ComparedSide Of(ComparedSide side, SliceKind kind, string name) =>
        side with { Runs = [.. side.Runs.Select(r => r with { Summary = Narrowed(r.Summary, Of(r.Summary, kind)[name]) })] };

    private static IReadOnlyDictionary<string, OperationSummary> Of(RunSummary run, SliceKind kind) => kind switch
    {
        SliceKind.Operation => run.Operations,
        SliceKind.Scenario => run.Scenarios ?? ReadOnlyDictionary<string, OperationSummary>.Empty,
    };

    // The figures a part has in summary.json; the client's CPU is the process's and stays out of a part's comparison.
    // A scenario's operations become the narrowed run's, so that they are compared as a run's are.
    private static RunSummary Narrowed(RunSummary run, OperationSummary slice) => run with
    {
        Outcomes = slice.Outcomes,
        EntitiesSucceeded = slice.Entities,
        EntitiesFailed = slice.EntitiesFailed,
        MeanEntitiesPerSecond = slice.MeanEntitiesPerSecond,
        PeakEntitiesPerSecond = slice.PeakEntitiesPerSecond,
        LatencyMs = slice.LatencyMs,
        Confidence = slice.Confidence,
        Throttling = slice.Throttling,
        RequestUnits = slice.RequestUnits,
        Operations = slice.Operations ?? ReadOnlyDictionary<string, OperationSummary>.Empty,
        Scenarios = null,
    };
}
