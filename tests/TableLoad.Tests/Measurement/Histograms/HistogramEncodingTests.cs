using System.Buffers.Binary;
using System.IO.Compression;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Tests.Measurement.Histograms;

public sealed class HistogramEncodingTests
{
    // First interval of HdrHistogram's own test log jHiccup-2.0.7S.logV2.hlog, written by the Java implementation:
    // nanosecond values, lowest discernible 20000, highest 3.6e12, 2 significant digits.
    private const string JavaEncodedInterval =
        "HISTFAAAAEB42pNpmSzMwMAgywABTBDKT4GBgdnNYMcCBvsPEBEjDT0FMTUxMT05LgEhPqmIeWxtTAKMTNxM6xmZmAAjcgjc";

    [Fact]
    public void DecodeCompressed_JavaEncodedHistogram_ReadsLayoutAndCounts()
    {
        var histogram = HistogramEncoding.DecodeCompressed(Convert.FromBase64String(JavaEncodedInterval));

        Assert.Equal(20_000, histogram.LowestDiscernibleValue);
        Assert.Equal(3_600_000_000_000, histogram.HighestTrackableValue);
        Assert.Equal(2, histogram.SignificantDigits);
        Assert.Equal(802, histogram.TotalCount);
        Assert.Equal(0, histogram.Min);
        Assert.Equal(1_933_311, histogram.Max); // the log line's Interval_Max reads 1.933 ms
        Assert.Equal(399, histogram.CountAtIndex(16));
    }

    [Fact]
    public void EncodeUncompressed_JavaEncodedHistogram_ReproducesReferenceEncoding()
    {
        byte[] reference = Convert.FromBase64String(JavaEncodedInterval);
        byte[] referenceV2 = Inflate(reference.AsSpan(8));

        var histogram = HistogramEncoding.DecodeCompressed(reference);

        AssertSameV2Encoding(referenceV2, HistogramEncoding.EncodeUncompressed(histogram));
    }

    [Fact]
    public void EncodeCompressed_ASecondOfLatencies_AllocatesNothingTheLargeObjectHeapWouldHold()
    {
        // A second's latencies from 1 ms to 2 s, as a run writes to latency.hlog and a worker sends every second.
        var histogram = new LatencyHistogram();
        for (long micros = 1_000; micros <= 2_000_000; micros += 997)
        {
            histogram.RecordValue(micros);
        }

        HistogramEncoding.EncodeCompressed(histogram);
        long before = GC.GetAllocatedBytesForCurrentThread();
        byte[] encoded = HistogramEncoding.EncodeCompressed(histogram);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // Arrays of 85,000 bytes and more go to the large object heap, freed only by a gen2 collection.
        Assert.True(allocated < 85_000, $"one encoding allocated {allocated:N0} bytes");
        Assert.Equal(histogram.TotalCount, HistogramEncoding.DecodeCompressed(encoded).TotalCount);
    }

    [Fact]
    public void EncodeCompressed_WritesV2CompressedCookieAndZlibOfV2Encoding()
    {
        var histogram = new LatencyHistogram();
        histogram.RecordValue(42);

        byte[] encoded = HistogramEncoding.EncodeCompressed(histogram);

        Assert.Equal(0x1c849314, BinaryPrimitives.ReadInt32BigEndian(encoded));
        Assert.Equal(encoded.Length - 8, BinaryPrimitives.ReadInt32BigEndian(encoded.AsSpan(4)));
        byte[] v2 = Inflate(encoded.AsSpan(8));
        Assert.Equal(HistogramEncoding.EncodeUncompressed(histogram), v2);
        Assert.Equal(0x1c849313, BinaryPrimitives.ReadInt32BigEndian(v2));
        Assert.Equal(v2.Length - 40, BinaryPrimitives.ReadInt32BigEndian(v2.AsSpan(4)));
        Assert.Equal(0, BinaryPrimitives.ReadInt32BigEndian(v2.AsSpan(8)));
        Assert.Equal(3, BinaryPrimitives.ReadInt32BigEndian(v2.AsSpan(12)));
        Assert.Equal(1, BinaryPrimitives.ReadInt64BigEndian(v2.AsSpan(16)));
        Assert.Equal(3_600_000_000, BinaryPrimitives.ReadInt64BigEndian(v2.AsSpan(24)));
        Assert.Equal(1.0, BinaryPrimitives.ReadDoubleBigEndian(v2.AsSpan(32)));
        // 42 zero counts (a run, ZigZag -42 = 83), then count 1 (ZigZag 2).
        Assert.Equal("5302", Convert.ToHexString(v2.AsSpan(40)));
    }

    [Theory]
    [InlineData(3)]
    [InlineData(2)]
    [InlineData(5)]
    public void Compressed_RoundTrip_RestoresCountsExactly(int significantDigits)
    {
        var original = new LatencyHistogram(3_600_000_000, significantDigits);
        foreach (long value in LatencyHistogramTests.RandomLatencies(seed: significantDigits, count: 50_000))
        {
            original.RecordValue(value);
        }
        for (int i = 0; i < 17; i++)
        {
            original.RecordValue(0);
        }

        var decoded = HistogramEncoding.DecodeCompressed(HistogramEncoding.EncodeCompressed(original));

        LatencyHistogramTests.AssertSameContents(original, decoded);
        Assert.Equal(original.ValueAtPercentile(99.99), decoded.ValueAtPercentile(99.99));
    }

    [Fact]
    public void Compressed_RoundTrip_EmptyHistogram()
    {
        var original = new LatencyHistogram();

        byte[] encoded = HistogramEncoding.EncodeCompressed(original);
        var decoded = HistogramEncoding.DecodeCompressed(encoded);

        LatencyHistogramTests.AssertSameContents(original, decoded);
        Assert.Equal("00", Convert.ToHexString(Inflate(encoded.AsSpan(8)).AsSpan(40))); // one zero count, as HdrHistogram writes
    }

    [Fact]
    public void Compressed_RoundTrip_HugeCountsAndExtremeValues()
    {
        var original = new LatencyHistogram();
        original.RecordValue(1);
        original.RecordValue(3_600_000_000);
        for (int doubling = 0; doubling < 56; doubling++)
        {
            original.Add(original); // counts of 2^56 and more need the ninth LEB128 byte
        }
        original.RecordValue(0);

        var decoded = HistogramEncoding.DecodeCompressed(HistogramEncoding.EncodeCompressed(original));

        LatencyHistogramTests.AssertSameContents(original, decoded);
    }

    [Fact]
    public void DecodeCompressed_UncompressedCookie_ThrowsClearError()
    {
        byte[] uncompressed = HistogramEncoding.EncodeUncompressed(new LatencyHistogram());

        var ex = Assert.Throws<InvalidDataException>(() => HistogramEncoding.DecodeCompressed(uncompressed));
        Assert.Contains("not a V2 compressed HdrHistogram", ex.Message);
    }

    [Fact]
    public void DecodeCompressed_TruncatedData_ThrowsInvalidData()
    {
        var histogram = new LatencyHistogram();
        histogram.RecordValue(1234);
        byte[] encoded = HistogramEncoding.EncodeCompressed(histogram);

        Assert.Throws<InvalidDataException>(() => HistogramEncoding.DecodeCompressed(encoded.AsSpan(0, encoded.Length - 3)));
        Assert.Throws<InvalidDataException>(() => HistogramEncoding.DecodeCompressed(encoded.AsSpan(0, 5)));
    }

    [Theory]
    [InlineData(-32L, 5L)] // a count just past the last of the 32 buckets
    [InlineData(-33L, 0L)] // a zero run overrunning the buckets
    public void DecodeUncompressed_PayloadBeyondLayout_ThrowsInvalidData(long first, long second)
    {
        byte[] encoded = HistogramEncoding.EncodeUncompressed(new LatencyHistogram(highestTrackableValue: 2, significantDigits: 1));
        byte[] corrupt = [.. encoded[..40], .. ZigZag(first), .. ZigZag(second)];
        BinaryPrimitives.WriteInt32BigEndian(corrupt.AsSpan(4), corrupt.Length - 40);

        Assert.Throws<InvalidDataException>(() => HistogramEncoding.DecodeUncompressed(corrupt));
    }

    [Fact]
    public void DecodeUncompressed_UnsupportedLayout_ThrowsInvalidData()
    {
        byte[] encoded = HistogramEncoding.EncodeUncompressed(new LatencyHistogram());
        BinaryPrimitives.WriteInt32BigEndian(encoded.AsSpan(12), 9);

        var ex = Assert.Throws<InvalidDataException>(() => HistogramEncoding.DecodeUncompressed(encoded));
        Assert.Contains("digits 9", ex.Message);
    }

    [Theory]
    [InlineData(0L, "00")]
    [InlineData(1L, "02")]
    [InlineData(-1L, "01")]
    [InlineData(63L, "7E")]
    [InlineData(64L, "8001")]
    [InlineData(-42L, "53")]
    [InlineData(long.MaxValue, "FEFFFFFFFFFFFFFFFF")]
    [InlineData(long.MinValue, "FFFFFFFFFFFFFFFFFF")]
    public void ZigZag_KnownValues_UseLeb128With9ByteCap(long value, string expectedHex)
    {
        byte[] encoded = ZigZag(value);
        int position = 0;

        Assert.Equal(expectedHex, Convert.ToHexString(encoded));
        Assert.Equal(value, HistogramEncoding.ReadZigZag(encoded, ref position));
        Assert.Equal(encoded.Length, position);
    }

    [Fact]
    public void ZigZag_EveryLengthBoundary_RoundTrips()
    {
        for (int bits = 0; bits < 63; bits++)
        {
            foreach (long value in new[] { (1L << bits) - 1, 1L << bits, -(1L << bits), -(1L << bits) - 1 })
            {
                byte[] encoded = ZigZag(value);
                int position = 0;
                Assert.Equal(value, HistogramEncoding.ReadZigZag(encoded, ref position));
            }
        }
    }

    // Byte-for-byte, except that the 2015 Java encoder that wrote the reference logs spelled a lone zero count as a
    // run of one (-1), where current HdrHistogram (and this encoder) write 0; both decode to the same counts.
    internal static void AssertSameV2Encoding(byte[] referenceV2, byte[] actualV2)
    {
        Assert.Equal(Convert.ToHexString(referenceV2.AsSpan(0, 4)), Convert.ToHexString(actualV2.AsSpan(0, 4)));
        Assert.Equal(Convert.ToHexString(referenceV2.AsSpan(8, 32)), Convert.ToHexString(actualV2.AsSpan(8, 32)));
        long[] referenceTokens = [.. ReadTokens(referenceV2.AsSpan(40)).Select(token => token == -1 ? 0 : token)];
        Assert.Equal(referenceTokens, ReadTokens(actualV2.AsSpan(40)));
    }

    private static List<long> ReadTokens(ReadOnlySpan<byte> payload)
    {
        var tokens = new List<long>();
        int position = 0;
        while (position < payload.Length)
        {
            tokens.Add(HistogramEncoding.ReadZigZag(payload, ref position));
        }
        return tokens;
    }

    private static byte[] ZigZag(long value)
    {
        var buffer = new byte[9];
        return buffer[..HistogramEncoding.WriteZigZag(buffer, value)];
    }

    internal static byte[] Inflate(ReadOnlySpan<byte> zlibData)
    {
        using var zlib = new ZLibStream(new MemoryStream(zlibData.ToArray()), CompressionMode.Decompress);
        using var output = new MemoryStream();
        zlib.CopyTo(output);
        return output.ToArray();
    }
}
