using TableLoad.Cli;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Cli;

/// <summary>--abort-if conditions scoped by an operation, as the parser reads them.</summary>
public sealed class AbortConditionParserTests
{
    private static (IReadOnlyList<AbortCondition> Conditions, List<string> Faults) Parse(string expression)
    {
        var faults = new List<string>();
        return (AbortConditionParser.Parse([expression], "--abort-if", faults), faults);
    }

    [Fact]
    public void Parse_AScopedCondition_KeepsItsScope_AndNamesItInItsText()
    {
        var (conditions, faults) = Parse("read.p99 > 50ms for 5s, failed>1% for 2s");

        Assert.Empty(faults);
        Assert.Equal([("read", RunFigure.P99, "read.p99>50ms for 5s"), (null, RunFigure.Failed, "failed>1% for 2s")],
            conditions.Select(c => (c.Scope, c.Figure, c.Text)));
        Assert.Equal("read", conditions[0].At(null).Scope);
    }

    [Theory]
    [InlineData("read.eps<0.8*target for 5s", "--abort-if 'read.eps<0.8*target for 5s' compares read.eps with the target, which is the whole run's entities per second")]
    [InlineData("read.cpu>50us for 5s", "--abort-if 'read.cpu>50us for 5s' scopes cpu by 'read'")]
    public void Parse_AScopedConditionItCannotJudge_IsOneSentence(string expression, string expected)
    {
        var (_, faults) = Parse(expression);

        Assert.StartsWith(expected, Assert.Single(faults), StringComparison.Ordinal);
    }
}
