using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class ScrambledZipfianKeysTests
{
    private const int KeySpace = 10_000;
    private const int Draws = 1_000_000;
    private const double Theta = KeyChooser.DefaultZipfianConstant;

    [Theory]
    [InlineData(100)]
    [InlineData(1_000)]
    public void Next_HottestKeys_GetTheShareGraysGeneratorGivesThem(int hottestKeys)
    {
        var mass = KeyMass();
        var hottest = Enumerable.Range(0, KeySpace).OrderByDescending(k => mass[k]).Take(hottestKeys).ToHashSet();
        var sut = KeyChooser.Create(KeyDistribution.Zipfian, KeySpace, new Random(5));

        var counts = DrawCounts.Of(sut.Next, KeySpace, Draws);

        DrawCounts.AssertShare(hottest.Sum(k => mass[k]), hottest.Sum(k => counts[k]), Draws);
    }

    [Fact]
    public void Next_HotKeys_LieAllOverTheKeySpace()
    {
        var sut = KeyChooser.Create(KeyDistribution.Zipfian, KeySpace, new Random(5));

        var counts = DrawCounts.Of(sut.Next, KeySpace, Draws);

        // Unscrambled, the hottest 100 would be keys 0-99; hashed, each tenth of the key space holds some of them.
        var hottest = Enumerable.Range(0, KeySpace).OrderByDescending(k => counts[k]).Take(100);
        Assert.Equal(10, hottest.Select(k => k / (KeySpace / 10)).Distinct().Count());
    }

    /// <summary>
    /// Each key's probability from the algorithm's own definition, computed apart from its code: YCSB's ζ(10^10),
    /// Gray's η, the mass his inversion gives item k (exact for the 10^6 items that matter, hashed to their keys by
    /// FNV-1a written out here) and the rest, 0.41 in all and in pieces below 5·10^−8 each, spread evenly.
    /// </summary>
    private static double[] KeyMass()
    {
        const double Zetan = 26.46902820178302;
        const long Items = 10_000_000_000;
        const int Exact = 1_000_000;
        var zeta2 = 1 + Math.Pow(2, -Theta);
        var eta = (1 - Math.Pow(2.0 / Items, 1 - Theta)) / (1 - (zeta2 / Zetan));
        // P(item ≥ k) = (1 − (k/n)^(1−θ)) / η for k ≥ 2, so item k has ((k+1)/n)^(1−θ) − (k/n)^(1−θ), over η.
        double Power(long k) => Math.Pow((double)k / Items, 1 - Theta);

        var mass = new double[KeySpace];
        mass[KeyOf(0)] += 1 / Zetan;
        mass[KeyOf(1)] += Math.Pow(2, -Theta) / Zetan;
        for (long k = 2; k < Exact; k++)
        {
            mass[KeyOf(k)] += (Power(k + 1) - Power(k)) / eta;
        }

        var rest = (1 - Power(Exact)) / eta / KeySpace;
        for (var key = 0; key < KeySpace; key++)
        {
            mass[key] += rest;
        }

        Assert.Equal(1, mass.Sum(), 1e-9);
        return mass;
    }

    private static int KeyOf(long item)
    {
        var hash = 0xcbf29ce484222325UL;
        foreach (var octet in BitConverter.GetBytes(item).AsSpan())
        {
            hash = unchecked((hash ^ octet) * 0x100000001b3UL);
        }

        return (int)(hash % KeySpace);
    }
}
