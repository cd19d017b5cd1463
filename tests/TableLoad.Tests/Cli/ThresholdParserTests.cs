using TableLoad.Cli;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Cli;

public sealed class ThresholdParserTests
{
    private static (IReadOnlyList<Threshold> Thresholds, List<string> Faults) Parse(params string[] expressions)
    {
        var faults = new List<string>();
        var thresholds = ThresholdParser.Parse(expressions, "--fail-if", faults);
        return (thresholds, faults);
    }

    [Fact]
    public void Parse_TheDocumentedExample_ReadsEachConditionInItsUnit()
    {
        var (thresholds, faults) = Parse("p99<500ms,eps>2000,throttled<1%,failed<0.1%");

        Assert.Empty(faults);
        Assert.Collection(
            thresholds,
            t => Assert.Equal((RunFigure.P99, ThresholdComparison.Below, 500.0), (t.Figure, t.Comparison, t.Bound)),
            t => Assert.Equal((RunFigure.Eps, ThresholdComparison.Above, 2000.0), (t.Figure, t.Comparison, t.Bound)),
            t => Assert.Equal((RunFigure.Throttled, ThresholdComparison.Below, 1.0), (t.Figure, t.Comparison, t.Bound)),
            t => Assert.Equal((RunFigure.Failed, ThresholdComparison.Below, 0.1), (t.Figure, t.Comparison, t.Bound)));
    }

    [Theory]
    [InlineData("p99<=2s", "P99", "AtMost", 2000.0)]
    [InlineData("p999 < 1.5s", "P999", "Below", 1500.0)]
    [InlineData("P50>=10ms", "P50", "AtLeast", 10.0)]
    [InlineData("mean<250ms", "Mean", "Below", 250.0)]
    [InlineData("max<1m", "Max", "Below", 60_000.0)]
    [InlineData("eps>=1500.5", "Eps", "AtLeast", 1500.5)]
    [InlineData("cpu<50us", "CpuPerEntity", "Below", 50.0)]
    public void Parse_EachFigureAndOperator(string condition, string figure, string comparison, double bound)
    {
        var (thresholds, faults) = Parse(condition);

        Assert.Empty(faults);
        var threshold = Assert.Single(thresholds);
        Assert.Equal((figure, comparison, bound), (threshold.Figure.ToString(), threshold.Comparison.ToString(), threshold.Bound));
    }

    [Theory]
    [InlineData("p99<500", "needs a latency with its unit")]
    [InlineData("p99 500ms", "has no comparison")]
    [InlineData("p98<500ms", "names no figure TableLoad measures: 'p98'")]
    [InlineData("<500ms", "names no figure before '<'")]
    [InlineData("throttled<1", "needs a share from 0% to 100%")]
    [InlineData("failed<120%", "needs a share from 0% to 100%")]
    [InlineData("eps>lots", "needs a number of entities per second")]
    [InlineData("eps>-5", "has a negative bound, '-5': eps is never below 0")]
    [InlineData("p99<-5ms", "has a negative bound, '-5ms': p99 is never below 0")]
    public void Parse_ABadCondition_IsOneSentenceNamingIt(string condition, string expected)
    {
        var (_, faults) = Parse(condition);

        var fault = Assert.Single(faults);
        Assert.StartsWith($"--fail-if '{condition}' ", fault, StringComparison.Ordinal);
        Assert.Contains(expected, fault, StringComparison.Ordinal);
        Assert.EndsWith(".", fault, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_SeveralBadConditions_NamesEveryOne()
    {
        var (thresholds, faults) = Parse("p99<500,eps>2000,throttled<1", "p42<1s");

        Assert.Single(thresholds);
        Assert.Equal(3, faults.Count);
        Assert.Contains(faults, f => f.Contains("'p99<500'", StringComparison.Ordinal));
        Assert.Contains(faults, f => f.Contains("'throttled<1'", StringComparison.Ordinal));
        Assert.Contains(faults, f => f.Contains("'p42<1s'", StringComparison.Ordinal));
    }

    [Fact]
    public void Parse_AnEmptyCondition_IsRefused()
    {
        var (_, faults) = Parse("p99<500ms,,eps>1");

        Assert.Contains("is an empty condition", Assert.Single(faults), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("read.p99<20ms", "read", "P99")]
    [InlineData("upsert-replace.eps>200", "upsert-replace", "Eps")]
    [InlineData("read-modify-write . failed < 1%", "read-modify-write", "Failed")]
    [InlineData("p99<20ms", null, "P99")]
    public void Parse_AScopeBeforeTheFirstDot_IsKeptApartFromTheFigure_AndInTheText(string condition, string? scope, string figure)
    {
        var (thresholds, faults) = Parse(condition);

        Assert.Empty(faults);
        var threshold = Assert.Single(thresholds);
        Assert.Equal((scope, figure, condition.Replace(" ", "", StringComparison.Ordinal)), (threshold.Scope, threshold.Figure.ToString(), threshold.Text));
    }

    [Theory]
    [InlineData("read.cpu<50us", "--fail-if 'read.cpu<50us' scopes cpu by 'read', but cpu is measured for the whole process")]
    [InlineData(".p99<1s", "--fail-if '.p99<1s' has a dot with no name before it")]
    [InlineData("read.p98<1s", "--fail-if 'read.p98<1s' names no figure TableLoad measures: 'p98'")]
    [InlineData("read.p99<5s,read.p99>10s", "--fail-if 'read.p99>10s' and 'read.p99<5s' can never both hold")]
    public void Parse_ABadScopedCondition_IsOneSentenceNamingIt(string expression, string expected)
    {
        var (_, faults) = Parse(expression);

        Assert.StartsWith(expected, Assert.Single(faults), StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_BoundsOfOneFigureInTwoScopes_DoNotContradictEachOther()
    {
        var (thresholds, faults) = Parse("read.p99<5s,upsert-replace.p99>10s,p99>10s");

        Assert.Empty(faults);
        Assert.Equal(["read", "upsert-replace", null], thresholds.Select(t => t.Scope));
    }
}
