namespace TableLoad.Tests.TestSupport;

/// <summary>Counts of seeded draws, and the binomial check that a share matches the probability it is due.</summary>
internal static class DrawCounts
{
    public static long[] Of(Func<int> next, int outcomes, int draws)
    {
        var counts = new long[outcomes];
        for (var i = 0; i < draws; i++)
        {
            counts[next()]++;
        }

        return counts;
    }

    /// <summary>
    /// Asserts that <paramref name="hits"/> of <paramref name="draws"/> is within 6 standard errors of the probability
    /// <paramref name="expected"/>: a bound a correct generator breaks once in 10^9 seeds, and the seeds are fixed.
    /// </summary>
    public static void AssertShare(double expected, long hits, int draws)
    {
        var observed = (double)hits / draws;
        var standardError = Math.Sqrt(expected * (1 - expected) / draws);
        Assert.True(Math.Abs(observed - expected) <= 6 * standardError,
            $"share {observed:F5}, expected {expected:F5} ± {6 * standardError:F5} (6 standard errors of {draws} draws)");
    }
}
