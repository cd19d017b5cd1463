using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class UniformKeysTests
{
    [Fact]
    public void Next_OverAMillionDraws_CoversEveryKeyAlike()
    {
        const int KeySpace = 10_000;
        const int Draws = 1_000_000;
        var sut = KeyChooser.Create(KeyDistribution.Uniform, KeySpace, new Random(3));

        var counts = DrawCounts.Of(sut.Next, KeySpace, Draws);

        Assert.DoesNotContain(0L, counts);
        // The busiest key's share: 100 draws due, and 6 standard errors is 60.
        DrawCounts.AssertShare(1.0 / KeySpace, counts.Max(), Draws);
        DrawCounts.AssertShare(1.0 / KeySpace, counts.Min(), Draws);
    }

    [Fact]
    public void Next_SameSeed_SameKeys()
    {
        var first = KeyChooser.Create(KeyDistribution.Uniform, 500, new Random(9));
        var second = KeyChooser.Create(KeyDistribution.Uniform, 500, new Random(9));

        Assert.Equal(Enumerable.Range(0, 100).Select(_ => first.Next()), Enumerable.Range(0, 100).Select(_ => second.Next()));
    }
}
