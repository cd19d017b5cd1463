using TableLoad.Cli;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Measurement.Gates;

public sealed class ThresholdVerdictTests
{
    private static IReadOnlyList<ThresholdVerdict> Judge(RunSummary summary, string expression, Func<ScopeFigures, RunFigure, ConfidenceInterval?>? interval = null)
    {
        var faults = new List<string>();
        var thresholds = ThresholdParser.Parse([expression], "--fail-if", faults);
        Assert.Empty(faults);
        return ThresholdJudge.Judge(summary, thresholds, interval ?? ((_, _) => null));
    }

    [Fact]
    public void Judge_ReadsEachFigureFromTheSummary()
    {
        var summary = RunSummaries.Create(p99: 48.5);

        var verdicts = Judge(summary, "p99<50ms,p99<48ms,eps>11000,throttled<0.01%,failed<0.2%,cpu<20us");

        Assert.Equal([true, false, true, false, true, false], verdicts.Select(v => v.Passed));
        Assert.Equal(48.5, verdicts[0].Value);
        Assert.Equal(11_500.5, verdicts[2].Value);
        // 7 of 6,909 batches were throttled; 900 of 690,930 entities failed.
        Assert.Equal(7 * 100.0 / 6_909, verdicts[3].Value!.Value, 9);
        Assert.Equal(900 * 100.0 / 690_930, verdicts[4].Value!.Value, 9);
        Assert.Equal(22.8, verdicts[5].Value);
    }

    [Fact]
    public void Line_SaysTheFigureItsIntervalAndTheVerdict()
    {
        var summary = RunSummaries.Create(p99: 48.5);

        var verdicts = Judge(summary, "p99<40ms,eps>2000", (_, f) => f == RunFigure.P99 ? new ConfidenceInterval(45.25, 51.5, 0.95) : null);

        Assert.Equal("threshold p99<40ms: 48.5 ms (95% CI 45.3–51.5) FAILED", verdicts[0].Line());
        Assert.Equal("threshold eps>2000: 11501 e/s passed", verdicts[1].Line());
        Assert.Equal("p99 was 48.5 ms, the bound is < 40 ms", verdicts[0].FailureMessage());
    }

    [Fact]
    public void Judge_ARunThatMeasuredNothing_FailsEveryThresholdAndSaysWhy()
    {
        var empty = RunSummaries.Create() with
        {
            MeasuredSeconds = 0,
            LatencyMs = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0),
            EntitiesSucceeded = 0,
            EntitiesFailed = 0,
            Outcomes = BatchOutcomeExtensions.All().ToDictionary(o => o.ToSnakeCase(), _ => 0L),
        };

        var verdicts = Judge(empty, "p99<1s,eps>0,failed<100%");

        Assert.All(verdicts, v => Assert.False(v.Passed));
        Assert.All(verdicts, v => Assert.Contains("not measured (no batch was measured) FAILED", v.Line(), StringComparison.Ordinal));
    }

    /// <summary>A run whose reads found nothing beside upserts that stored every entity: each operation's figures far from the run's.</summary>
    private static RunSummary Mix() => RunSummaries.Create(p99: 48.5) with
    {
        Operations = new Dictionary<string, OperationSummary>
        {
            ["read"] = new(Requests: 200, Entities: 0, EntitiesFailed: 200, MeanEntitiesPerSecond: 0, PeakEntitiesPerSecond: 0,
                new Dictionary<string, long> { ["not_found"] = 200 }, new LatencySummary(200, 1, 2, 2.5, 9, 4, 5, 7.25, 9))
            {
                Confidence = new() { Level = 0.95, Blocks = 12, BlockSeconds = 5, LatencyMs = new(new(1.5, 2.5), new(3.5, 4.5), new(6.5, 8.5)) },
            },
            ["upsert-replace"] = new(Requests: 100, Entities: 10_000, EntitiesFailed: 0, MeanEntitiesPerSecond: 166.75, PeakEntitiesPerSecond: 300,
                new Dictionary<string, long> { ["succeeded"] = 100 }, new LatencySummary(100, 10, 20, 22, 90, 30, 35, 60.5, 90)),
        },
    };

    [Fact]
    public void Judge_AScopedThreshold_ReadsItsOperationsFigures_AndItsInterval_NotTheRuns()
    {
        var verdicts = Judge(Mix(), "read.p99<10ms,upsert-replace.p99<10ms,read.failed>=100%,upsert-replace.eps>150,p99<10ms", RunIntervals.Of);

        Assert.Equal([7.25, 60.5, 100, 166.75, 48.5], verdicts.Select(v => v.Value));
        Assert.Equal([true, false, true, true, false], verdicts.Select(v => v.Passed));
        Assert.Equal("threshold read.p99<10ms: 7.25 ms (95% CI 6.5–8.5) passed", verdicts[0].Line());
        Assert.Equal("upsert-replace.p99 was 60.5 ms, the bound is < 10 ms", verdicts[1].FailureMessage());
        Assert.Equal("read", ThresholdResult.Of(verdicts[0]).Scope);
        Assert.Null(ThresholdResult.Of(verdicts[4]).Scope);
    }

    [Fact]
    public void Judge_AScopeTheSummaryLacks_FailsAsNotMeasured_NamingIt()
    {
        var verdict = Assert.Single(Judge(Mix(), "query.p99<1s"));

        Assert.False(verdict.Passed);
        Assert.Equal("threshold query.p99<1s: not measured (no query request was measured) FAILED", verdict.Line());
        Assert.Equal("query.p99 was not measured: no query request was measured", verdict.FailureMessage());
    }
}
