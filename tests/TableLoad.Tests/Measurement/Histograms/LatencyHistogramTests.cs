using TableLoad.Measurement.Histograms;

namespace TableLoad.Tests.Measurement.Histograms;

public sealed class LatencyHistogramTests
{
    private static readonly double[] Percentiles = [0, 0.1, 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100];

    private static LatencyHistogram CreateSut(int significantDigits = 3) => new(3_600_000_000, significantDigits);

    [Theory]
    [InlineData(1, 1)]
    [InlineData(2, 2)]
    [InlineData(3, 3)]
    [InlineData(4, 3)]
    [InlineData(5, 2)]
    public void ValueAtPercentile_RandomData_MatchesSortedListWithinPrecision(int seed, int significantDigits)
    {
        var sut = CreateSut(significantDigits);
        long[] values = RandomLatencies(seed, 20_000);
        foreach (long value in values)
        {
            sut.RecordValue(value);
        }
        Array.Sort(values);

        foreach (double percentile in Percentiles)
        {
            long exact = values[BruteForceRank(percentile, values.Length) - 1];
            long actual = sut.ValueAtPercentile(percentile);

            double relativeError = Math.Abs(actual - exact) / (double)exact;
            Assert.True(relativeError <= 1 / Math.Pow(10, significantDigits),
                $"p{percentile}: {actual} vs exact {exact} (relative error {relativeError})");
            long expectedBucketBound = percentile == 0 ? sut.LowestEquivalentValue(exact) : sut.HighestEquivalentValue(exact);
            Assert.Equal(expectedBucketBound, actual);
        }
    }

    [Fact]
    public void Statistics_RandomData_MatchExactValuesWithinPrecision()
    {
        var sut = CreateSut();
        long[] values = RandomLatencies(seed: 7, count: 10_000);
        foreach (long value in values)
        {
            sut.RecordValue(value);
        }

        Assert.Equal(values.Length, sut.TotalCount);
        Assert.Equal(sut.LowestEquivalentValue(values.Min()), sut.Min);
        Assert.Equal(sut.HighestEquivalentValue(values.Max()), sut.Max);
        Assert.InRange(sut.Mean, values.Average() * 0.999, values.Average() * 1.001);
    }

    [Fact]
    public void ValueAtPercentile_SmallValues_AreExact()
    {
        var sut = CreateSut();
        for (long value = 1; value <= 100; value++)
        {
            sut.RecordValue(value);
        }

        Assert.Equal(50, sut.ValueAtPercentile(50));
        Assert.Equal(99, sut.ValueAtPercentile(99));
        Assert.Equal(100, sut.ValueAtPercentile(100));
        Assert.Equal(1, sut.ValueAtPercentile(0));
        Assert.Equal(50.5, sut.Mean);
    }

    [Fact]
    public void EmptyHistogram_ReportsZeros()
    {
        var sut = CreateSut();

        Assert.Equal(0, sut.TotalCount);
        Assert.Equal(0, sut.Min);
        Assert.Equal(0, sut.Max);
        Assert.Equal(0, sut.Mean);
        Assert.Equal(0, sut.ValueAtPercentile(99));
    }

    [Fact]
    public void RecordValue_AboveHighest_IsRecordedAtTheHighest()
    {
        var sut = new LatencyHistogram(highestTrackableValue: 10_000);

        sut.RecordValue(5_000);
        sut.RecordValue(10_000);
        sut.RecordValue(10_001);
        sut.RecordValue(long.MaxValue);

        Assert.Equal(4, sut.TotalCount);
        Assert.Equal(sut.HighestEquivalentValue(10_000), sut.Max);
        Assert.Equal(sut.HighestEquivalentValue(10_000), sut.ValueAtPercentile(50));
    }

    [Fact]
    public void RecordValue_Negative_IsRecordedAtZero()
    {
        var sut = CreateSut();

        sut.RecordValue(-5);
        sut.RecordValue(long.MinValue);
        sut.RecordValue(7);

        Assert.Equal(3, sut.TotalCount);
        Assert.Equal(0, sut.Min);
        Assert.Equal(0, sut.ValueAtPercentile(50));
        Assert.Equal(7, sut.Max);
    }

    [Fact]
    public void Add_SameLayout_EqualsRecordingEverythingInOne()
    {
        var union = CreateSut();
        var parts = new[] { CreateSut(), CreateSut(), CreateSut() };
        long[] values = RandomLatencies(seed: 11, count: 9_000);
        for (int i = 0; i < values.Length; i++)
        {
            parts[i % parts.Length].RecordValue(values[i]);
            union.RecordValue(values[i]);
        }
        parts[1].RecordValue(-1);
        union.RecordValue(-1);

        var merged = CreateSut();
        foreach (var part in parts)
        {
            merged.Add(part);
        }

        AssertSameContents(union, merged);
    }

    [Fact]
    public void Add_DifferentLayout_Throws()
    {
        var sut = CreateSut();

        var ex = Assert.Throws<ArgumentException>(() => sut.Add(new LatencyHistogram(1_000_000)));
        Assert.Contains("layout", ex.Message);
        Assert.Throws<ArgumentException>(() => sut.Add(CreateSut(significantDigits: 2)));
    }

    [Fact]
    public void AddRerecorded_CoarserLayout_KeepsCountsAndBucketBounds()
    {
        var coarse = new LatencyHistogram(1_000_000, significantDigits: 2);
        foreach (long value in RandomLatencies(seed: 13, count: 5_000))
        {
            coarse.RecordValue(Math.Min(value, 1_000_000));
        }
        var sut = CreateSut();

        sut.AddRerecorded(coarse);

        Assert.Equal(coarse.TotalCount, sut.TotalCount);
        Assert.Equal(coarse.Min, sut.Min);
        Assert.InRange(sut.ValueAtPercentile(99), coarse.ValueAtPercentile(99) * 0.99, coarse.ValueAtPercentile(99));
    }

    [Fact]
    public void AddRerecorded_ValuesBeyondRange_AreRecordedAtTheHighest()
    {
        var wide = CreateSut();
        for (int i = 0; i < 5; i++)
        {
            wide.RecordValue(2_000_000);
        }
        wide.RecordValue(10);
        var sut = new LatencyHistogram(1_000_000);

        sut.AddRerecorded(wide);

        Assert.Equal(6, sut.TotalCount);
        Assert.Equal(sut.HighestEquivalentValue(1_000_000), sut.ValueAtPercentile(20));
    }

    [Fact]
    public void Reset_ClearsEverything()
    {
        var sut = CreateSut();
        sut.RecordValue(123);
        sut.RecordValue(-1);

        sut.Reset();

        AssertSameContents(CreateSut(), sut);
    }

    [Fact]
    public void RecordValue_DoesNotAllocate()
    {
        var sut = CreateSut();
        long[] values = RandomLatencies(seed: 19, count: 10_000);
        foreach (long value in values)
        {
            sut.RecordValue(value); // warm up the JIT first
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        foreach (long value in values)
        {
            sut.RecordValue(value);
        }
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(0, allocated);
    }

    [Theory]
    [InlineData(0L, 3_600_000_000L, 3)]
    [InlineData(1L, 1L, 3)]
    [InlineData(1L, 1_000L, 6)]
    [InlineData(1L, 1_000L, -1)]
    public void Constructor_InvalidLayout_Throws(long lowest, long highest, int digits)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new LatencyHistogram(lowest, highest, digits));
    }

    [Theory]
    [InlineData(1L, 3_600_000_000L, 3, 23_552)]
    [InlineData(1L, 2L, 3, 2_048)]
    [InlineData(20_000L, 3_600_000_000_000L, 2, 2_816)]
    [InlineData(1L, long.MaxValue, 2, 7_296)]
    public void Constructor_BucketLayout_MatchesHdrHistogram(long lowest, long highest, int digits, int expectedCountsLength)
    {
        // Expected lengths follow HdrHistogram: (bucketsNeeded + 1) * subBucketCount / 2, with
        // subBucketCount = 2^ceil(log2(2 * 10^digits)) and unit magnitude floor(log2(lowest)).
        var sut = new LatencyHistogram(lowest, highest, digits);

        Assert.Equal(expectedCountsLength, sut.CountsLength);
    }

    internal static long[] RandomLatencies(int seed, int count)
    {
        var random = new Random(seed);
        var values = new long[count];
        for (int i = 0; i < count; i++)
        {
            // Log-uniform from 1 µs to ~1000 s exercises every bucket magnitude, as real latency tails do.
            values[i] = Math.Max(1, (long)Math.Exp(random.NextDouble() * Math.Log(1_000_000_000)));
        }
        return values;
    }

    internal static void AssertSameContents(LatencyHistogram expected, LatencyHistogram actual)
    {
        Assert.Equal((expected.LowestDiscernibleValue, expected.HighestTrackableValue, expected.SignificantDigits), (actual.LowestDiscernibleValue, actual.HighestTrackableValue, actual.SignificantDigits));
        Assert.Equal(expected.TotalCount, actual.TotalCount);
        Assert.Equal(expected.Min, actual.Min);
        Assert.Equal(expected.Max, actual.Max);
        Assert.Equal(expected.Mean, actual.Mean, 9);
        for (int i = 0; i < expected.CountsLength; i++)
        {
            Assert.Equal(expected.CountAtIndex(i), actual.CountAtIndex(i));
        }
    }

    // 1-based rank of the value at a percentile, computed in decimal so it is exact: ceil(p/100 * n), at least 1.
    private static int BruteForceRank(double percentile, int count) =>
        Math.Max(1, (int)Math.Ceiling((decimal)percentile * count / 100m));
}
