using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class FaultPlanTests
{
    [Fact]
    public void FaultOf_SameSeed_GivesTheSameFaultsInRequestOrder()
    {
        var settings = Settings() with { ResetRate = 0.2, LoseAnswerRate = 0.1, DelayAnswerRate = 0.1, Seed = 42 };

        var first = Enumerable.Range(1, 1000).Select(i => new FaultPlan(settings).FaultOf(DrawNumber.Write(i))).ToArray();
        var second = Enumerable.Range(1, 1000).Select(i => new FaultPlan(settings).FaultOf(DrawNumber.Write(i))).ToArray();
        var otherSeed = Enumerable.Range(1, 1000).Select(i => new FaultPlan(settings with { Seed = 43 }).FaultOf(DrawNumber.Write(i))).ToArray();

        Assert.Equal(first, second);
        Assert.NotEqual(first, otherSeed);
    }

    [Fact]
    public void FaultOf_RatesAreTheShareOfRequestsGettingEachFault()
    {
        var plan = new FaultPlan(Settings() with { ResetRate = 0.2, LoseAnswerRate = 0.1, DelayAnswerRate = 0.05, Seed = 1 });
        const int Requests = 200_000;

        var counts = Enumerable.Range(1, Requests).GroupBy(i => plan.FaultOf(DrawNumber.Write(i))).ToDictionary(g => g.Key, g => g.Count() / (double)Requests);

        Assert.InRange(counts[Fault.Reset], 0.195, 0.205);
        Assert.InRange(counts[Fault.LoseAnswer], 0.097, 0.103);
        Assert.InRange(counts[Fault.DelayAnswer], 0.048, 0.052);
        Assert.InRange(counts[Fault.None], 0.645, 0.655);
    }

    [Fact]
    public void FaultOf_NoRates_NeverFaults()
    {
        var plan = new FaultPlan(Settings());

        Assert.All(Enumerable.Range(1, 1000), i => Assert.Equal(Fault.None, plan.FaultOf(DrawNumber.Write(i))));
    }

    [Fact]
    public void CodeOf_TimeoutShare_SplitsThrottledAnswers()
    {
        var plan = new FaultPlan(Settings() with { TimeoutShare = 0.25, Seed = 3 });

        var timedOut = Enumerable.Range(1, 100_000).Count(i => plan.CodeOf(DrawNumber.Write(i)) == ThrottleCode.OperationTimedOut) / 100_000.0;

        Assert.InRange(timedOut, 0.245, 0.255);
    }

    [Theory]
    [InlineData(0.0, false, nameof(ThrottleCode.ServerBusy))]
    [InlineData(1.0, false, nameof(ThrottleCode.OperationTimedOut))]
    [InlineData(0.5, true, nameof(ThrottleCode.TooManyRequests))]
    public void CodeOf_FollowsTheMode(double share, bool cosmos, string code)
    {
        var expected = Enum.Parse<ThrottleCode>(code);
        var plan = new FaultPlan(Settings() with { TimeoutShare = share, Cosmos = cosmos });

        Assert.All(Enumerable.Range(1, 100), i => Assert.Equal(expected, plan.CodeOf(DrawNumber.Write(i))));
    }

    [Fact]
    public void Roll_IsUniformInZeroToOne()
    {
        var dice = new FaultDice(9);

        var rolls = Enumerable.Range(0, 100_000).Select(i => dice.Roll(i, DicePurpose.Fault)).ToArray();

        Assert.All(rolls, r => Assert.InRange(r, 0, 0.9999999999));
        Assert.InRange(rolls.Average(), 0.495, 0.505);
        Assert.InRange(rolls.Count(r => r < 0.1) / 100_000.0, 0.097, 0.103);
    }

    private static ProxySettings Settings() => new() { Listen = new Uri("http://127.0.0.1:0"), Target = new Uri("http://127.0.0.1:10002") };
}
