using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

/// <summary>The choosers of a mix that inserts: over the keys stored so far, the key space's and the inserted ones past it.</summary>
public sealed class KeysOverStoredTests
{
    private const int KeySpace = 1_000;
    private const int Draws = 200_000;

    [Theory]
    [InlineData("uniform")]
    [InlineData("zipfian")]
    [InlineData("latest")]
    public void Next_AnyDistribution_DrawsOnlyKeysStored_AndAllocatesNothing(string name)
    {
        Assert.True(KeyDistributionNames.TryParse(name, out var distribution));
        long stored = KeySpace;
        var sut = KeyChooser.OverStored(distribution, KeySpace, new Random(31), () => stored);
        sut.Next();

        var outside = 0;
        var allocated = AllocatedBytes.Fewest(() =>
        {
            for (var i = 0; i < 30_000; i++)
            {
                // Inserts add a key every tenth draw, past twice the key space.
                stored += i % 10 == 0 ? 1 : 0;
                outside += sut.Next() is var key && (key < 0 || key >= stored) ? 1 : 0;
            }
        });

        Assert.Equal(0, allocated);
        Assert.Equal(0, outside);
    }

    [Fact]
    public void Latest_AfterInserts_FavoursTheNewestInsertedKeys()
    {
        const long stored = KeySpace + 200;
        var sut = KeyChooser.OverStored(KeyDistribution.Latest, KeySpace, new Random(13), () => stored);

        var counts = DrawCounts.Of(sut.Next, (int)stored, Draws);

        Assert.Equal([1199, 1198, 1197], Enumerable.Range(0, (int)stored).OrderByDescending(k => counts[k]).Take(3));
        Assert.True(counts[KeySpace..].Sum() > counts[..KeySpace].Sum(), "the 200 inserted keys outdraw the 1,000 preloaded");
    }

    [Fact]
    public void Uniform_AfterInserts_DrawsTheInsertedKeysTheirShare()
    {
        const long stored = KeySpace + 250;
        var sut = KeyChooser.OverStored(KeyDistribution.Uniform, KeySpace, new Random(17), () => stored);

        var counts = DrawCounts.Of(sut.Next, (int)stored, Draws);

        DrawCounts.AssertShare(250.0 / stored, counts[KeySpace..].Sum(), Draws);
    }

    [Fact]
    public void Zipfian_InsertsBelowTwiceTheKeySpace_LeaveTheHotKeysWhereTheyWere()
    {
        long stored = KeySpace;
        var sut = KeyChooser.OverStored(KeyDistribution.Zipfian, KeySpace, new Random(5), () => stored);
        var before = Hottest(DrawCounts.Of(sut.Next, 2 * KeySpace, Draws), KeySpace);

        stored = (2 * KeySpace) - 1;
        var after = Hottest(DrawCounts.Of(sut.Next, 2 * KeySpace, Draws), KeySpace);

        // A draw past the keys stored is drawn again, so the keys of the key space keep their shares' order; inserted keys join them as their hashes fall.
        Assert.Equal(before, after);
    }

    private static int[] Hottest(long[] counts, int below) => [.. Enumerable.Range(0, below).OrderByDescending(k => counts[k]).Take(5)];
}
