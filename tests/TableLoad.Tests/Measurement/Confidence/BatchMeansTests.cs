using TableLoad.Measurement.Confidence;

namespace TableLoad.Tests.Measurement.Confidence;

public sealed class BatchMeansTests
{
    [Fact]
    public void Interval_EqualBlocks_IsTheTIntervalOfTheBlockMeans()
    {
        // Means 1..10: mean 5.5, standard deviation 3.02765, so the half-width is t(0.975, 9) · 3.02765 / √10 = 2.16585.
        var interval = BatchMeans.Interval(Enumerable.Repeat(1.0, 10).ToList(), Enumerable.Range(1, 10).Select(i => (double)i).ToList(), 0.95);

        Assert.Equal(5.5 - 2.16585, interval.Lo, 3);
        Assert.Equal(5.5 + 2.16585, interval.Hi, 3);
    }

    [Fact]
    public void Interval_BlocksOfUnequalLength_CentresOnTotalOverTimeAndWeighsEachByItsTime()
    {
        // Every block ran at 100/s, however long it lasted: no spread, whatever the lengths.
        var seconds = new[] { 0.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.75 };

        var interval = BatchMeans.Interval(seconds, seconds.Select(s => s * 100).ToList(), 0.95);

        Assert.Equal(100, interval.Lo, 9);
        Assert.Equal(100, interval.Hi, 9);
    }
}
