using System.Numerics;
using System.Runtime.CompilerServices;

namespace TableLoad.Measurement.Histograms;

/// <summary>
/// A High Dynamic Range histogram of long counts whose bucket layout is identical to HdrHistogram's,
/// so interval histograms encode to the standard V2 format and merge losslessly across processes.
/// Values are microseconds by convention. One writer per instance: recording is allocation-free and
/// lock-free but not thread-safe, so keep one histogram per worker and merge them at interval boundaries.
/// </summary>
/// <remarks>
/// As in HdrHistogram, <see cref="Min"/>, <see cref="Max"/>, <see cref="Mean"/> and percentiles are reported
/// at bucket resolution (relative error below 1/10^significantDigits), which keeps them identical after an
/// encode/decode round trip.
/// </remarks>
public sealed class LatencyHistogram
{
    private readonly long[] _counts;
    private readonly int _unitMagnitude;
    private readonly int _subBucketHalfCountMagnitude;
    private readonly int _subBucketHalfCount;
    private readonly long _subBucketMask;
    private readonly int _leadingZeroCountBase;

    private long _totalCount;
    private long _maxRecordedValue;
    private long _minNonZeroRecordedValue = long.MaxValue;

    /// <summary>Creates a histogram tracking 1..<paramref name="highestTrackableValue"/> (default: one hour in microseconds).</summary>
    public LatencyHistogram(long highestTrackableValue = 3_600_000_000, int significantDigits = 3)
        : this(1, highestTrackableValue, significantDigits)
    {
    }

    // Other lowest values exist only so histograms written by other HdrHistogram tools decode exactly.
    internal LatencyHistogram(long lowestDiscernibleValue, long highestTrackableValue, int significantDigits)
    {
        if (lowestDiscernibleValue < 1 || lowestDiscernibleValue > long.MaxValue / 2)
        {
            throw new ArgumentOutOfRangeException(nameof(lowestDiscernibleValue), lowestDiscernibleValue, "Must be between 1 and long.MaxValue / 2.");
        }
        if (highestTrackableValue < 2 * lowestDiscernibleValue)
        {
            throw new ArgumentOutOfRangeException(nameof(highestTrackableValue), highestTrackableValue, "Must be at least twice the lowest discernible value.");
        }
        if (significantDigits is < 0 or > 5)
        {
            throw new ArgumentOutOfRangeException(nameof(significantDigits), significantDigits, "Must be between 0 and 5.");
        }

        LowestDiscernibleValue = lowestDiscernibleValue;
        HighestTrackableValue = highestTrackableValue;
        SignificantDigits = significantDigits;

        // Single-unit resolution up to 2 * 10^digits keeps the error below 1/10^digits everywhere (HdrHistogram's rule).
        long largestValueWithSingleUnitResolution = 2 * (long)Math.Pow(10, significantDigits);
        int subBucketCountMagnitude = 64 - BitOperations.LeadingZeroCount((ulong)(largestValueWithSingleUnitResolution - 1));
        _unitMagnitude = 63 - BitOperations.LeadingZeroCount((ulong)lowestDiscernibleValue);
        if (subBucketCountMagnitude + _unitMagnitude > 62)
        {
            throw new ArgumentOutOfRangeException(nameof(significantDigits), significantDigits, "Too many significant digits for this lowest discernible value.");
        }

        _subBucketHalfCountMagnitude = subBucketCountMagnitude - 1;
        _subBucketHalfCount = 1 << _subBucketHalfCountMagnitude;
        _subBucketMask = ((1L << subBucketCountMagnitude) - 1) << _unitMagnitude;
        _leadingZeroCountBase = 64 - _unitMagnitude - subBucketCountMagnitude;
        _counts = new long[(BucketsNeededToCover(highestTrackableValue, subBucketCountMagnitude) + 1) * _subBucketHalfCount];
    }

    public long LowestDiscernibleValue { get; }

    public long HighestTrackableValue { get; }

    public int SignificantDigits { get; }

    public long TotalCount => _totalCount;

    /// <summary>Lowest recorded value (lowest equivalent value of its bucket), 0 when empty.</summary>
    public long Min => _counts[0] > 0 || _totalCount == 0 ? 0 : LowestEquivalentValue(_minNonZeroRecordedValue);

    /// <summary>Highest recorded value (highest equivalent value of its bucket), 0 when empty.</summary>
    public long Max => _maxRecordedValue == 0 ? 0 : HighestEquivalentValue(_maxRecordedValue);

    /// <summary>Mean of the bucket midpoints, as HdrHistogram computes it; 0 when empty.</summary>
    public double Mean
    {
        get
        {
            if (_totalCount == 0)
            {
                return 0;
            }
            double total = 0;
            for (int i = 0; i < _counts.Length; i++)
            {
                if (_counts[i] != 0)
                {
                    total += MedianEquivalentValue(ValueFromIndex(i)) * (double)_counts[i];
                }
            }
            return total / _totalCount;
        }
    }

    internal int CountsLength => _counts.Length;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void RecordValue(long value) => RecordValueWithCount(value, 1);

    private void RecordValueWithCount(long value, long count)
    {
        if (count <= 0)
        {
            if (count < 0)
            {
                throw new ArgumentOutOfRangeException(nameof(count), count, "Count cannot be negative.");
            }
            return;
        }
        // One unsigned compare catches both negative and too-large values on the hot path: they are recorded at the bound.
        if ((ulong)value > (ulong)HighestTrackableValue)
        {
            value = value < 0 ? 0 : HighestTrackableValue;
        }

        _counts[CountsIndex(value)] += count;
        _totalCount += count;
        if (value > _maxRecordedValue)
        {
            _maxRecordedValue = value;
        }
        // Values in the first unit are indistinguishable from 0, so HdrHistogram leaves them out of the minimum.
        if (value < _minNonZeroRecordedValue && (value >> _unitMagnitude) != 0)
        {
            _minNonZeroRecordedValue = value;
        }
    }

    /// <summary>Adds another histogram with the same layout (lowest, highest and digits); counts add exactly.</summary>
    public void Add(LatencyHistogram other)
    {
        ArgumentNullException.ThrowIfNull(other);
        if (!HasSameLayout(other))
        {
            throw new ArgumentException(
                $"Cannot add a histogram with layout {other.DescribeLayout()} to one with layout {DescribeLayout()}; use AddRerecorded.",
                nameof(other));
        }
        // Buckets above the other's largest value are empty: a window's few milliseconds add in a fraction of the array.
        for (int i = 0, end = other.EncodedCountsLength; i < end; i++)
        {
            _counts[i] += other._counts[i];
        }
        _totalCount += other._totalCount;
        _maxRecordedValue = Math.Max(_maxRecordedValue, other._maxRecordedValue);
        _minNonZeroRecordedValue = Math.Min(_minNonZeroRecordedValue, other._minNonZeroRecordedValue);
    }

    /// <summary>
    /// Adds a histogram of any layout by recording each of its buckets at the bucket's lowest value (as HdrHistogram's
    /// add does across layouts); values beyond this histogram's range are recorded at its bound.
    /// </summary>
    public void AddRerecorded(LatencyHistogram other)
    {
        ArgumentNullException.ThrowIfNull(other);
        for (int i = 0; i < other._counts.Length; i++)
        {
            if (other._counts[i] != 0)
            {
                RecordValueWithCount(other.ValueFromIndex(i), other._counts[i]);
            }
        }
    }

    private bool HasSameLayout(LatencyHistogram other) =>
        LowestDiscernibleValue == other.LowestDiscernibleValue
        && HighestTrackableValue == other.HighestTrackableValue
        && SignificantDigits == other.SignificantDigits;

    public void Reset()
    {
        // As in Add: only the buckets up to the largest value can hold counts, and pooled windows reset every second.
        Array.Clear(_counts, 0, EncodedCountsLength);
        _totalCount = 0;
        _maxRecordedValue = 0;
        _minNonZeroRecordedValue = long.MaxValue;
    }

    /// <summary>
    /// The value at a percentile (0..100) with HdrHistogram's getValueAtPercentile semantics: the highest equivalent
    /// value of the bucket holding the ceil(percentile/100 * count)-th value (lowest equivalent for 0); 0 when empty.
    /// </summary>
    public long ValueAtPercentile(double percentile)
    {
        if (double.IsNaN(percentile))
        {
            throw new ArgumentOutOfRangeException(nameof(percentile), percentile, "Percentile cannot be NaN.");
        }
        // One ulp down stops floating-point round-off from pushing the rank into the next bucket.
        double requested = Math.Clamp(Math.BitDecrement(percentile), 0.0, 100.0);
        long countAtPercentile = Math.Max((long)Math.Ceiling(requested * _totalCount / 100.0), 1);
        long runningCount = 0;
        for (int i = 0; i < _counts.Length; i++)
        {
            runningCount += _counts[i];
            if (runningCount >= countAtPercentile)
            {
                long valueAtIndex = ValueFromIndex(i);
                return percentile == 0.0 ? LowestEquivalentValue(valueAtIndex) : HighestEquivalentValue(valueAtIndex);
            }
        }
        return 0;
    }

    internal long CountAtIndex(int index) => _counts[index];

    /// <summary>Index one past the last bucket that can hold a count (what the V2 encoding writes).</summary>
    internal int EncodedCountsLength => CountsIndex(_maxRecordedValue) + 1;

    // Used by the decoder: counts restore exactly, and min/max fall back to bucket bounds as in HdrHistogram.
    internal void RestoreCountAtIndex(int index, long count)
    {
        _counts[index] += count;
        _totalCount += count;
        long value = ValueFromIndex(index);
        _maxRecordedValue = Math.Max(_maxRecordedValue, value);
        if (index != 0)
        {
            _minNonZeroRecordedValue = Math.Min(_minNonZeroRecordedValue, value);
        }
    }

    internal long LowestEquivalentValue(long value)
    {
        int bucketIndex = BucketIndex(value);
        return ValueFromBucket(bucketIndex, SubBucketIndex(value, bucketIndex));
    }

    internal long HighestEquivalentValue(long value) => LowestEquivalentValue(value) + SizeOfEquivalentRange(value) - 1;

    internal long MedianEquivalentValue(long value) => LowestEquivalentValue(value) + (SizeOfEquivalentRange(value) >> 1);

    internal long ValueFromIndex(int index)
    {
        int bucketIndex = (index >> _subBucketHalfCountMagnitude) - 1;
        int subBucketIndex = (index & (_subBucketHalfCount - 1)) + _subBucketHalfCount;
        if (bucketIndex < 0)
        {
            subBucketIndex -= _subBucketHalfCount;
            bucketIndex = 0;
        }
        return ValueFromBucket(bucketIndex, subBucketIndex);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int CountsIndex(long value)
    {
        int bucketIndex = BucketIndex(value);
        int subBucketIndex = SubBucketIndex(value, bucketIndex);
        // Bucket 0 uses its whole sub-bucket range; later buckets only their upper half (the lower half overlaps).
        return ((bucketIndex + 1) << _subBucketHalfCountMagnitude) + (subBucketIndex - _subBucketHalfCount);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int BucketIndex(long value) =>
        _leadingZeroCountBase - BitOperations.LeadingZeroCount((ulong)(value | _subBucketMask));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int SubBucketIndex(long value, int bucketIndex) => (int)((ulong)value >> (bucketIndex + _unitMagnitude));

    private long ValueFromBucket(int bucketIndex, int subBucketIndex) => (long)subBucketIndex << (bucketIndex + _unitMagnitude);

    private long SizeOfEquivalentRange(long value) => 1L << (_unitMagnitude + BucketIndex(value));

    private string DescribeLayout() => $"(lowest {LowestDiscernibleValue}, highest {HighestTrackableValue}, digits {SignificantDigits})";

    private int BucketsNeededToCover(long value, int subBucketCountMagnitude)
    {
        long smallestUntrackableValue = 1L << (subBucketCountMagnitude + _unitMagnitude);
        int bucketsNeeded = 1;
        while (smallestUntrackableValue <= value)
        {
            if (smallestUntrackableValue > long.MaxValue / 2)
            {
                return bucketsNeeded + 1; // the next doubling would overflow, so this bucket reaches long.MaxValue
            }
            smallestUntrackableValue <<= 1;
            bucketsNeeded++;
        }
        return bucketsNeeded;
    }
}
