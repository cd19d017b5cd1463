using TableLoad.Measurement;
using TableLoad.Settings;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Settings.Gates;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting.Compare;

/// <summary>Scenarios and their operations compared as the run's operations are: one comparison of a part, at every level.</summary>
public sealed class SliceComparisonTests
{
    private static OperationSummary Part(double p99, params string[] operations)
    {
        var run = RunSummaries.Create(p99: p99);
        return OperationSummary.OfRun(run) with
        {
            Operations = operations.Length == 0 ? null : operations.ToDictionary(o => o, _ => OperationSummary.OfRun(run), StringComparer.Ordinal),
        };
    }

    /// <summary>A run of scenarios: ingest of inserts, lookups of reads and upserts, and any more named, each of one operation.</summary>
    private static ComparedSide Side(string name, double lookupsP99, params string[] more)
    {
        var scenarios = new Dictionary<string, OperationSummary>(StringComparer.Ordinal)
        {
            ["ingest"] = Part(48.5, "insert"),
            ["lookups"] = Part(lookupsP99, "read", "upsert-replace"),
        };
        foreach (var scenario in more)
        {
            scenarios[scenario] = Part(48.5, "query");
        }

        var operations = scenarios.Values.SelectMany(s => s.Operations!.Keys).Distinct().ToDictionary(o => o, _ => OperationSummary.OfRun(RunSummaries.Create()), StringComparer.Ordinal);
        var summary = RunSummaries.Create() with { RunId = name, Workload = new RunWorkload.OfScenarios(), Operations = operations, Scenarios = scenarios };
        return new ComparedSide(name, [new ComparedRun(name, summary, null)]);
    }

    private static RunComparison Compare(double newLookupsP99 = 48.5) =>
        RunComparison.Of(Side("base", 48.5), Side("new", newLookupsP99, "scans"), 0.95, RunIntervals.Of, given: 0.05);

    [Fact]
    public void Of_EachScenarioBothSidesRan_IsJudgedOnItsOwnFigures_WithItsOperations_AndOneOnlyNewRanIsNamed()
    {
        var comparison = Compare(newLookupsP99: 97);

        Assert.Equal(["ingest", "lookups", "scans"], comparison.Scenarios.Select(s => s.Name));
        var lookups = comparison.Scenarios[1];
        Assert.Equal((SliceKind.Scenario, "lookups", (ComparisonSide?)null), (lookups.Kind, lookups.Scope, lookups.OnlyOn));
        Assert.Equal(SliceComparison.Compared, lookups.Figures.Select(f => f.Figure));
        Assert.Equal((48.5, 97), (lookups.Figures.Single(f => f.Figure == RunFigure.P99).Base.Value, lookups.Figures.Single(f => f.Figure == RunFigure.P99).New.Value));
        Assert.Equal(["lookups.read", "lookups.upsert-replace"], lookups.Operations.Select(o => o.Scope));
        Assert.All(lookups.Operations, o => Assert.Equal((SliceKind.Operation, false), (o.Kind, o.SameAsOwner)));
        Assert.True(Assert.Single(comparison.Scenarios[0].Operations).SameAsOwner);
        var scans = comparison.Scenarios[2];
        Assert.Equal((ComparisonSide.New, "only new ran scans; base did not"), (scans.OnlyOn, scans.Lacking));
        Assert.Empty(scans.Figures);
        Assert.Empty(scans.Operations);
    }

    [Fact]
    public void Gates_OnAScenarioAndAScenariosOperation_AreJudgedOnTheirFigures_AndOneOnlyOneSideHasCannotBeDecided()
    {
        var comparison = Compare(newLookupsP99: 970);
        GatedFigure[] gated = [new(RunFigure.P99, "lookups"), new(RunFigure.P99, "ingest"), new(RunFigure.Eps, "lookups.read"), new(RunFigure.P99, "scans"), new(RunFigure.P99, "scans.query")];

        Assert.Equal([gated[0]], comparison.WorseAmong(gated));
        Assert.Equal([gated[3], gated[4]], comparison.UndecidedAmong(gated));
        Assert.Same(comparison.Scenarios[1].Operations[0].Figures[0], comparison.Judged(gated[2]));
    }

    [Fact]
    public void GateLine_NamesAScopeNeitherSideHas_AsSuch_AndOneSideLacks_AsSeenAbove()
    {
        GatedFigure[] gated = [new(RunFigure.P99, "scans"), new(RunFigure.P99, "cache")];

        var line = ComparisonLines.GateLine(Compare(), gated);

        Assert.Equal("gate --fail-on scans.p99,cache.p99: passed (none worse beyond noise; scans.p99 cannot be decided, see above; cache.p99 cannot be decided: neither side's runs have cache)", line);
    }

    [Fact]
    public void Lines_ListTheScenariosUnderTheRunsOperations_AScenariosOperationsOnlyWhenItHasMoreThanOne()
    {
        var lines = ComparisonLines.Of(Compare()).ToList();

        var listed = lines.IndexOf("scenarios, each measured apart: ingest, lookups, scans");
        Assert.True(listed > lines.IndexOf("operations, each measured apart: insert, read, upsert-replace, query"), string.Join('\n', lines));
        Assert.Equal(SliceComparison.Compared.Count, lines.Count(l => l.StartsWith("ingest.", StringComparison.Ordinal)));
        Assert.DoesNotContain(lines, l => l.StartsWith("ingest.insert", StringComparison.Ordinal));
        Assert.True(lines.IndexOf("operations of lookups, each measured apart: read, upsert-replace") > lines.FindLastIndex(l => l.StartsWith("lookups.failed ", StringComparison.Ordinal)));
        Assert.Equal(SliceComparison.Compared.Count, lines.Count(l => l.StartsWith("lookups.read.", StringComparison.Ordinal)));
        Assert.Contains("scans: only new ran scans; base did not, so it has nothing to compare", lines);
    }
}
