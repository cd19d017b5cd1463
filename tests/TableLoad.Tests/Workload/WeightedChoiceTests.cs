using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class WeightedChoiceTests
{
    private static WeightedChoice<string> CreateSut(params (string, double)[] weighted) => new(weighted);

    [Fact]
    public void Next_OverAHundredThousandDraws_GivesEachItemItsWeightWithinAPoint()
    {
        var sut = CreateSut(("read", 80), ("upsert-replace", 20));
        var random = new Random(17);

        var counts = Enumerable.Range(0, 100_000).Select(_ => sut.Next(random)).CountBy(item => item).ToDictionary();

        Assert.InRange(counts["read"] / 1_000.0, 79, 81);
        Assert.InRange(counts["upsert-replace"] / 1_000.0, 19, 21);
    }

    [Fact]
    public void Next_ThreeOperations_EachWithinAPointOfItsShare()
    {
        var sut = new WeightedChoice<TableOperation>([(TableOperation.Insert, 5), (TableOperation.UpsertReplace, 3), (TableOperation.UpsertMerge, 2)]);
        var random = new Random(19);

        var counts = Enumerable.Range(0, 100_000).Select(_ => sut.Next(random)).CountBy(item => item).ToDictionary();

        Assert.InRange(counts[TableOperation.Insert] / 1_000.0, 49, 51);
        Assert.InRange(counts[TableOperation.UpsertReplace] / 1_000.0, 29, 31);
        Assert.InRange(counts[TableOperation.UpsertMerge] / 1_000.0, 19, 21);
    }

    [Fact]
    public void Next_WeightZero_IsNeverDrawn()
    {
        var sut = CreateSut(("never-first", 0), ("read", 1), ("never-between", 0), ("query", 1), ("never-last", 0));
        var random = new Random(23);

        var drawn = Enumerable.Range(0, 100_000).Select(_ => sut.Next(random)).ToHashSet();

        Assert.Equal(["read", "query"], drawn.Order(StringComparer.Ordinal).Reverse());
    }

    [Fact]
    public void Next_OfASingleOperation_DrawsIt_AndLeavesTheRandomToTheKeys()
    {
        // A single operation is a mix of one: its draw must not move the task's Random, which its keys are drawn by.
        var sut = new WeightedChoice<TableOperation>([(TableOperation.Read, 1)]);
        var (drawn, untouched) = (new Random(23), new Random(23));

        Assert.All(Enumerable.Range(0, 100), _ => Assert.Equal(TableOperation.Read, sut.Next(drawn)));
        Assert.Equal(untouched.Next(), drawn.Next());
    }

    [Fact]
    public void Next_SameSeed_SameItems()
    {
        var sut = CreateSut(("a", 1), ("b", 2), ("c", 3));
        var (first, second) = (new Random(29), new Random(29));

        Assert.Equal(Enumerable.Range(0, 1_000).Select(_ => sut.Next(first)), Enumerable.Range(0, 1_000).Select(_ => sut.Next(second)));
    }

    [Theory]
    [InlineData(-1.0)]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    public void Constructor_WeightNotZeroOrMore_Throws(double weight) =>
        Assert.Throws<ArgumentException>(() => CreateSut(("a", 1), ("b", weight)));

    [Fact]
    public void Constructor_NoWeight_Throws()
    {
        Assert.Throws<ArgumentException>(() => CreateSut());
        Assert.Throws<ArgumentException>(() => CreateSut(("a", 0)));
    }
}
