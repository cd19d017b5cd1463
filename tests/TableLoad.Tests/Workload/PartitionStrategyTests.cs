using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class PartitionStrategyTests
{
    private static PartitionStrategy Parse(string text) => PartitionStrategy.TryParse(text) ?? throw new ArgumentException(text);

    [Fact]
    public void Single_EveryBatch_UsesThePrefix()
    {
        var sut = Parse("single");

        Assert.Equal("tl", sut.PartitionKey("tl", 0, 0, 0, 12));
        Assert.Equal("tl", sut.PartitionKey("tl", 3, 11, 999, 12));
    }

    [Fact]
    public void PerTask_KeyNamesProcessAndTask()
    {
        var sut = Parse("per-task");

        Assert.Equal("tl-002-0005", sut.PartitionKey("tl", 2, 5, 0, 12));
        Assert.Equal("tl-002-0005", sut.PartitionKey("tl", 2, 5, 77, 12));
        Assert.NotEqual(sut.PartitionKey("tl", 2, 5, 0, 12), sut.PartitionKey("tl", 2, 6, 0, 12));
        Assert.NotEqual(sut.PartitionKey("tl", 2, 5, 0, 12), sut.PartitionKey("tl", 3, 5, 0, 12));
    }

    [Fact]
    public void Spread_KeysAreSlotsBelowCount()
    {
        var sut = Parse("spread:7");

        var keys = Enumerable.Range(0, 12).SelectMany(t => Enumerable.Range(0, 20).Select(k => sut.PartitionKey("tl", 0, t, k, 12))).ToHashSet();

        Assert.Equal(Enumerable.Range(0, 7).Select(s => $"tl-{s:D4}").ToHashSet(), keys);
    }

    [Fact]
    public void Spread_OneTaskOverCountConsecutiveBatches_HitsEverySlot()
    {
        var sut = Parse("spread:7");

        var keys = Enumerable.Range(0, 7).Select(k => sut.PartitionKey("tl", 0, 3, k, tasksPerProcess: 12)).ToList();

        Assert.Equal(7, keys.Distinct().Count());
    }

    [Fact]
    public void Spread_AllTasksOfOneRound_ShareTheLoadEvenly()
    {
        var sut = Parse("spread:4");

        var perSlot = Enumerable.Range(0, 12).Select(t => sut.PartitionKey("tl", 0, t, 5, 12)).GroupBy(k => k).Select(g => g.Count());

        Assert.All(perSlot, n => Assert.Equal(3, n));
    }

    [Theory]
    [InlineData("single")]
    [InlineData("per-task")]
    [InlineData("spread:1")]
    [InlineData("spread:7")]
    [InlineData("spread:1000000")]
    public void ToString_RoundTripsThroughTryParse(string text)
    {
        var strategy = Parse(text);

        Assert.Equal(text, strategy.ToString());
        Assert.Equal(strategy, PartitionStrategy.TryParse(strategy.ToString()));
    }

    [Theory]
    [InlineData("SINGLE")]
    [InlineData(" per-task ")]
    [InlineData("Spread:3")]
    public void TryParse_IgnoresCaseAndSurroundingSpace(string text) =>
        Assert.NotNull(PartitionStrategy.TryParse(text));

    [Theory]
    [InlineData("")]
    [InlineData("many")]
    [InlineData("spread:")]
    [InlineData("spread:0")]
    [InlineData("spread:-1")]
    [InlineData("spread:x")]
    [InlineData("spread:1000001")]
    [InlineData("spread: 5")]
    public void TryParse_UnknownStrategy_ReturnsNull(string text) =>
        Assert.Null(PartitionStrategy.TryParse(text));
}
