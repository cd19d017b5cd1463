using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class SkewedLatestKeysTests
{
    private const int KeySpace = 1_000;
    private const int Draws = 200_000;

    private static KeyChooser CreateSut(Func<long> keysWritten, int seed = 13) =>
        KeyChooser.Create(KeyDistribution.Latest, KeySpace, new Random(seed), keysWritten);

    private static double Zeta(int n) => Enumerable.Range(1, n).Sum(i => Math.Pow(i, -KeyChooser.DefaultZipfianConstant));

    [Fact]
    public void Next_AfterAPreload_TheNewestKeysGetTheLargestShares()
    {
        var sut = CreateSut(() => KeySpace);

        var counts = DrawCounts.Of(sut.Next, KeySpace, Draws);

        DrawCounts.AssertShare(1 / Zeta(KeySpace), counts[KeySpace - 1], Draws);
        var byShare = Enumerable.Range(0, KeySpace).OrderByDescending(k => counts[k]).Take(5);
        Assert.Equal([999, 998, 997, 996, 995], byShare);
        Assert.True(counts[^10..].Sum() > counts[..500].Sum(), "the newest 1% of keys outdraw the oldest half");
    }

    [Fact]
    public void Next_WritesPastTheKeySpace_WrapAround()
    {
        // 1,500 keys written in a cycle over 1,000: the newest is key 499, the one before it 498, the oldest 500.
        var sut = CreateSut(() => 1_500);

        var counts = DrawCounts.Of(sut.Next, KeySpace, Draws);

        DrawCounts.AssertShare(1 / Zeta(KeySpace), counts[499], Draws);
        Assert.Equal([499, 498, 497], Enumerable.Range(0, KeySpace).OrderByDescending(k => counts[k]).Take(3));
        Assert.True(counts[500] < counts[499] / 100);
    }

    [Fact]
    public void Next_FewKeysWritten_DrawsOnlyThem()
    {
        var sut = CreateSut(() => 3);

        var counts = DrawCounts.Of(sut.Next, KeySpace, Draws);

        Assert.Equal(Draws, counts[0] + counts[1] + counts[2]);
        DrawCounts.AssertShare(1 / Zeta(3), counts[2], Draws);
    }

    [Fact]
    public void Next_WhileKeysAreWritten_FollowsTheNewest()
    {
        long written = KeySpace;
        var sut = CreateSut(() => written);
        var newest = 0;

        for (var i = 0; i < Draws; i++)
        {
            written++;
            newest += sut.Next() == (written - 1) % KeySpace ? 1 : 0;
        }

        DrawCounts.AssertShare(1 / Zeta(KeySpace), newest, Draws);
    }

    [Fact]
    public void Next_NothingWritten_Throws() =>
        Assert.Throws<InvalidOperationException>(() => CreateSut(() => 0).Next());

    [Fact]
    public void Create_WithoutTheCountOfKeysWritten_Throws() =>
        Assert.Throws<ArgumentNullException>(() => KeyChooser.Create(KeyDistribution.Latest, KeySpace, new Random(1)));
}
