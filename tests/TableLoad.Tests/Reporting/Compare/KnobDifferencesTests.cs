using TableLoad.Settings;
using TableLoad.Reporting;
using TableLoad.Reporting.Compare;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting.Compare;

public sealed class KnobDifferencesTests
{
    private static ComparedSide Side(string name, RecordedRunOptions options) =>
        new(name, [new ComparedRun(name, RunSummaries.Create(), options)]);

    private static RecordedRunOptions Options(int tasks = 8) => new()
    {
        Account = "devstoreaccount1",
        Endpoint = "http://127.0.0.1:10002/devstoreaccount1",
        Tasks = tasks,
        BatchSize = 100,
        Partitions = "single",
    };

    [Fact]
    public void Between_GatesAndWhereResultsGo_AreNoKnobs_OnlyWhatShapesTheLoad()
    {
        var before = Side("a", Options(tasks: 8) with { Output = "results/a", Table = "t1" });
        var after = Side("b", Options(tasks: 16) with { Output = "results/b", Table = "t2", FailIf = "p99<300ms,eps>2000", Junit = "gates.xml" });

        var difference = Assert.Single(KnobDifferences.Between(before, after));

        Assert.Equal(new KnobDifference("tasks", "8", "16"), difference);
    }

    [Fact]
    public void Between_AnAbortConditionAndAnotherAzurite_AreNoKnobs()
    {
        var before = Side("a", Options() with { Endpoint = "http://127.0.0.1:10002/devstoreaccount1", Warmup = "5s" });
        var after = Side("b", Options() with { Endpoint = "http://127.0.0.1:41234/devstoreaccount1", AbortIf = "throttled>5% for 5s", Warmup = "1s" });

        Assert.Empty(KnobDifferences.Between(before, after));
    }

    [Fact]
    public void Between_TextValues_ReadAsWritten_AndAnUnsetOne_AsNone()
    {
        var before = Side("a", Options() with { Operation = "upsert-merge", Rate = null });
        var after = Side("b", Options() with { Operation = "insert<1>", Rate = RateTarget.Entities(500) });

        Assert.Equal(
            [new KnobDifference("operation", "upsert-merge", "insert<1>"), new KnobDifference("rate", "none", "500")],
            KnobDifferences.Between(before, after));
    }
}
