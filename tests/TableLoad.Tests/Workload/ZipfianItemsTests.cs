using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class ZipfianItemsTests
{
    private const int Draws = 1_000_000;

    private static long[] Draw(long count, double theta, int seed)
    {
        var items = new ZipfianItems(count, new ZetaFunction(theta));
        var random = new Random(seed);
        return DrawCounts.Of(() => (int)items.ItemFor(random.NextDouble()), (int)count, Draws);
    }

    [Theory]
    [InlineData(1_000, 0.99)]
    [InlineData(50, 0.5)]
    public void ItemFor_FirstTwoItems_GetTheZipfiansOwnShares(long count, double theta)
    {
        var zeta = Enumerable.Range(1, (int)count).Sum(i => Math.Pow(i, -theta));

        var counts = Draw(count, theta, seed: 7);

        DrawCounts.AssertShare(1 / zeta, counts[0], Draws);
        DrawCounts.AssertShare(Math.Pow(2, -theta) / zeta, counts[1], Draws);
    }

    [Fact]
    public void ItemFor_EveryItem_IsLessLikelyThanTheOneBefore()
    {
        var counts = Draw(20, 0.99, seed: 11);

        // Neighbours 10 and 11 differ by under 1% in mass; a prefix of 8 differs by over 10%, far beyond the noise.
        Assert.All(Enumerable.Range(1, 7), i => Assert.True(counts[i] < counts[i - 1], $"item {i} drawn {counts[i]} times, item {i - 1} {counts[i - 1]}"));
    }

    [Fact]
    public void ItemFor_AnyDraw_IsAnItem()
    {
        var items = new ZipfianItems(3, new ZetaFunction(0.99));

        Assert.All(new[] { 0.0, 0.5, 0.999_999_999_999 }, u => Assert.InRange(items.ItemFor(u), 0, 2));
        Assert.Equal(0, new ZipfianItems(1, new ZetaFunction(0.99)).ItemFor(0.999_999));
    }
}
