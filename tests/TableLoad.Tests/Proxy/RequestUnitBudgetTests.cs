using Microsoft.Extensions.Time.Testing;
using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class RequestUnitBudgetTests
{
    private static readonly DateTimeOffset SecondTen = DateTimeOffset.FromUnixTimeSeconds(1_800_000_010);

    [Fact]
    public void TrySpend_SpendsFromTheSecondOfTheMomentGiven_NotTheClocksLaterOne()
    {
        // The proxy reads the clock once and records the charge in that moment's second (the Cosmos view's NormalizedRUConsumption);
        // had the budget read the clock again, after the second turned, the two would disagree and a second would show more than its budget.
        var time = new FakeTimeProvider(SecondTen.AddSeconds(1.1));
        var budget = new RequestUnitBudget(300, time);

        var first = budget.TrySpend("account", 200, SecondTen.AddSeconds(0.9), out var admittedFirst);
        var second = budget.TrySpend("account", 200, SecondTen.AddSeconds(0.95), out _);

        Assert.True(first.IsAdmitted);
        Assert.Equal(200, admittedFirst);
        Assert.False(second.IsAdmitted);
        Assert.Equal(ThrottledBy.RequestUnits, second.Limit);
    }

    [Fact]
    public void TrySpend_InTheNextSecondGiven_StartsItEmpty()
    {
        var budget = new RequestUnitBudget(300, new FakeTimeProvider(SecondTen));

        budget.TrySpend("account", 250, SecondTen.AddSeconds(0.5), out _);
        var next = budget.TrySpend("account", 250, SecondTen.AddSeconds(1.0), out var admitted);

        Assert.True(next.IsAdmitted);
        Assert.Equal(250, admitted);
    }
}
