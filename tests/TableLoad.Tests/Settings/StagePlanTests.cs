using TableLoad.Settings;

namespace TableLoad.Tests.Settings;

public sealed class StagePlanTests
{
    // From 100 up to 300 over 10 s, held 5 s, down to 0 over 5 s.
    private static StagePlan CreateSut() => new(100, [new Stage(TimeSpan.FromSeconds(10), 300), new Stage(TimeSpan.FromSeconds(5), 300), new Stage(TimeSpan.FromSeconds(5), 0)]);

    [Theory]
    [InlineData(-3, 100)]
    [InlineData(0, 100)]
    [InlineData(5, 200)]
    [InlineData(12, 300)]
    [InlineData(17.5, 150)]
    [InlineData(25, 0)]
    public void TargetAt_MovesLinearlyFromThePreviousTarget_AndHoldsEqualOnes(double second, double target) =>
        Assert.Equal(target, CreateSut().TargetAt(second), 9);

    [Theory]
    [InlineData(-1, 0)]
    [InlineData(0, 0)]
    [InlineData(9.999, 0)]
    [InlineData(10, 1)]
    [InlineData(19.5, 2)]
    [InlineData(30, 2)]
    public void StageAt_NamesTheStageHoldingTheSecond_TheFirstBeforeAndTheLastAfter(double second, int stage) =>
        Assert.Equal(stage, CreateSut().StageAt(second));

    [Fact]
    public void Cumulative_IsTheAreaUnderTheTargets()
    {
        var plan = CreateSut();

        Assert.Equal(-200, plan.Cumulative(-2), 9);
        Assert.Equal(2000, plan.Cumulative(10), 9);
        Assert.Equal(3500, plan.Cumulative(15), 9);
        Assert.Equal(4250, plan.Cumulative(20), 9);
        Assert.Equal(4250, plan.Cumulative(60), 9);
    }

    [Theory]
    [InlineData(-150)]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1999)]
    [InlineData(2600)]
    [InlineData(4000)]
    [InlineData(4249.9)]
    public void SecondWhenCumulative_IsTheInverseOfCumulative(double entities)
    {
        var plan = CreateSut();

        Assert.Equal(entities, plan.Cumulative(plan.SecondWhenCumulative(entities)), 6);
    }

    [Fact]
    public void SecondWhenCumulative_BeyondAPlanEndingAtZero_IsNever() =>
        Assert.True(double.IsPositiveInfinity(CreateSut().SecondWhenCumulative(4251)));

    [Fact]
    public void FirstSecondAtLeast_FindsWhereARampCrossesTheThreshold_OrNever()
    {
        var plan = new StagePlan(1, [new Stage(TimeSpan.FromSeconds(3), 4), new Stage(TimeSpan.FromSeconds(3), 1)]);

        Assert.Equal(-1, plan.FirstSecondAtLeast(0.5, -1));
        Assert.Equal(1.5, plan.FirstSecondAtLeast(2.5, -1), 9);
        Assert.Equal(2, plan.FirstSecondAtLeast(2.5, 2));
        Assert.True(double.IsPositiveInfinity(plan.FirstSecondAtLeast(3.5, 5)));
    }

    [Fact]
    public void Text_IsTheOptionsOwnSyntax() => Assert.Equal("10s:300,5s:300,5s:0", CreateSut().Text());
}
