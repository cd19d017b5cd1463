using System.Buffers;
using System.Buffers.Binary;
using System.IO.Compression;

namespace TableLoad.Measurement.Histograms;

/// <summary>
/// HdrHistogram's V2 encoding: a 40-byte big-endian header (cookie, payload length, normalizing index offset,
/// significant digits, lowest, highest, integer-to-double ratio) followed by ZigZag LEB128-64b9B counts in which a
/// negative number -n stands for n consecutive zero counts. The compressed form is cookie, length, zlib(V2).
/// </summary>
public static class HistogramEncoding
{
    private const int V2CookieBase = 0x1c849303;
    private const int V2CompressedCookieBase = 0x1c849304;
    private const int WordSizeFlag = 0x10; // HdrHistogram sets this bit in every V2 cookie it writes
    private const int CookieFlagsMask = 0xf0;
    private const int HeaderSize = 40;
    private const int CompressedHeaderSize = 8;
    private const int MaxBytesPerCount = 9;

    public static byte[] EncodeCompressed(LatencyHistogram histogram)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        // The uncompressed form of a second's latencies is some 100 KB: rented, because a new one each second would land
        // on the large object heap, which only a gen2 collection frees, and a long run's memory grew with it.
        byte[] uncompressed = ArrayPool<byte>.Shared.Rent(UncompressedCapacity(histogram));
        try
        {
            int length = EncodeUncompressed(histogram, uncompressed);
            using var output = new MemoryStream();
            output.Write(stackalloc byte[CompressedHeaderSize]); // cookie and length, filled in below
            using (var zlib = new ZLibStream(output, CompressionLevel.SmallestSize, leaveOpen: true))
            {
                zlib.Write(uncompressed, 0, length);
            }
            byte[] encoded = output.ToArray();
            BinaryPrimitives.WriteInt32BigEndian(encoded, V2CompressedCookieBase | WordSizeFlag);
            BinaryPrimitives.WriteInt32BigEndian(encoded.AsSpan(4), encoded.Length - CompressedHeaderSize);
            return encoded;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(uncompressed);
        }
    }

    /// <summary>
    /// Decodes a V2 compressed histogram into a histogram with the encoded layout, so counts are exact whatever
    /// range the writer used; merge histograms of different layouts with <see cref="LatencyHistogram.AddRerecorded"/>.
    /// </summary>
    /// <exception cref="InvalidDataException">The data is not a valid V2 compressed integer histogram.</exception>
    public static LatencyHistogram DecodeCompressed(ReadOnlySpan<byte> encoded) => DecodeCompressed(encoded, into: null);

    /// <summary>
    /// Adds a V2 compressed histogram to <paramref name="into"/> without allocating a histogram when the layouts match
    /// (a worker's windows every second); another layout is decoded on its own and re-recorded.
    /// </summary>
    /// <exception cref="InvalidDataException">The data is not a valid V2 compressed integer histogram.</exception>
    public static void AddCompressed(ReadOnlySpan<byte> encoded, LatencyHistogram into)
    {
        ArgumentNullException.ThrowIfNull(into);
        var decoded = DecodeCompressed(encoded, into);
        if (!ReferenceEquals(decoded, into))
        {
            into.AddRerecorded(decoded);
        }
    }

    /// <summary>Fills <paramref name="into"/> when its layout is the encoded one, otherwise a new histogram; returns the one filled.</summary>
    private static LatencyHistogram DecodeCompressed(ReadOnlySpan<byte> encoded, LatencyHistogram? into)
    {
        if (encoded.Length < CompressedHeaderSize)
        {
            throw new InvalidDataException($"A compressed histogram needs at least {CompressedHeaderSize} bytes, got {encoded.Length}.");
        }
        int cookie = BinaryPrimitives.ReadInt32BigEndian(encoded);
        if ((cookie & ~CookieFlagsMask) != V2CompressedCookieBase)
        {
            throw new InvalidDataException(
                $"Cookie 0x{cookie:x8} is not a V2 compressed HdrHistogram (0x{V2CompressedCookieBase:x8}); V0/V1 encodings and DoubleHistogram are not supported.");
        }
        int compressedLength = BinaryPrimitives.ReadInt32BigEndian(encoded[4..]);
        if (compressedLength < 0 || compressedLength > encoded.Length - CompressedHeaderSize)
        {
            throw new InvalidDataException($"Compressed length {compressedLength} does not fit in {encoded.Length - CompressedHeaderSize} bytes of data.");
        }

        using var zlib = new ZLibStream(new MemoryStream(encoded.Slice(CompressedHeaderSize, compressedLength).ToArray()), CompressionMode.Decompress);
        byte[] header = new byte[HeaderSize];
        ReadExactly(zlib, header);
        LatencyHistogram histogram = into is not null && HasLayout(header, into) ? into : CreateFromHeader(header, out _);
        int payloadLength = PayloadLength(header, histogram);
        // Reading only the announced payload, bounded by the layout, keeps a hostile stream from inflating without limit.
        byte[] payload = new byte[payloadLength];
        ReadExactly(zlib, payload);
        FillCounts(histogram, payload);
        return histogram;
    }

    internal static byte[] EncodeUncompressed(LatencyHistogram histogram)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        byte[] buffer = new byte[UncompressedCapacity(histogram)];
        return buffer[..EncodeUncompressed(histogram, buffer)];
    }

    private static int UncompressedCapacity(LatencyHistogram histogram) => HeaderSize + histogram.EncodedCountsLength * MaxBytesPerCount;

    /// <summary>Writes the V2 encoding into <paramref name="buffer"/> (at least <see cref="UncompressedCapacity"/> long); returns its length.</summary>
    private static int EncodeUncompressed(LatencyHistogram histogram, byte[] buffer)
    {
        int countsLength = histogram.EncodedCountsLength;
        int payloadLength = WriteCounts(histogram, countsLength, buffer.AsSpan(HeaderSize));

        Span<byte> header = buffer.AsSpan(0, HeaderSize);
        BinaryPrimitives.WriteInt32BigEndian(header, V2CookieBase | WordSizeFlag);
        BinaryPrimitives.WriteInt32BigEndian(header[4..], payloadLength);
        BinaryPrimitives.WriteInt32BigEndian(header[8..], 0); // normalizing index offset: always 0 for integer histograms
        BinaryPrimitives.WriteInt32BigEndian(header[12..], histogram.SignificantDigits);
        BinaryPrimitives.WriteInt64BigEndian(header[16..], histogram.LowestDiscernibleValue);
        BinaryPrimitives.WriteInt64BigEndian(header[24..], histogram.HighestTrackableValue);
        BinaryPrimitives.WriteDoubleBigEndian(header[32..], 1.0); // integer-to-double ratio: values are plain integers
        return HeaderSize + payloadLength;
    }

    internal static LatencyHistogram DecodeUncompressed(ReadOnlySpan<byte> encoded)
    {
        if (encoded.Length < HeaderSize)
        {
            throw new InvalidDataException($"A V2 histogram needs a {HeaderSize}-byte header, got {encoded.Length} bytes.");
        }
        LatencyHistogram histogram = CreateFromHeader(encoded[..HeaderSize], out int payloadLength);
        if (payloadLength > encoded.Length - HeaderSize)
        {
            throw new InvalidDataException($"Payload length {payloadLength} exceeds the {encoded.Length - HeaderSize} bytes present.");
        }
        FillCounts(histogram, encoded.Slice(HeaderSize, payloadLength));
        return histogram;
    }

    internal static int WriteZigZag(Span<byte> destination, long value)
    {
        ulong remaining = (ulong)((value << 1) ^ (value >> 63));
        for (int i = 0; i < 8; i++)
        {
            if (remaining >> 7 == 0)
            {
                destination[i] = (byte)remaining;
                return i + 1;
            }
            destination[i] = (byte)((remaining & 0x7F) | 0x80);
            remaining >>= 7;
        }
        destination[8] = (byte)remaining; // LEB128-64b9B: the ninth byte holds the last 8 bits, no continuation bit
        return 9;
    }

    internal static long ReadZigZag(ReadOnlySpan<byte> source, ref int position)
    {
        ulong encoded = 0;
        for (int i = 0; i < 9; i++)
        {
            if (position >= source.Length)
            {
                throw new InvalidDataException("The histogram payload ends in the middle of a count.");
            }
            byte next = source[position++];
            if (i == 8)
            {
                encoded |= (ulong)next << 56;
                break;
            }
            encoded |= (ulong)(next & 0x7F) << (7 * i);
            if ((next & 0x80) == 0)
            {
                break;
            }
        }
        return (long)(encoded >> 1) ^ -(long)(encoded & 1);
    }

    private static int WriteCounts(LatencyHistogram histogram, int countsLength, Span<byte> destination)
    {
        int written = 0;
        int index = 0;
        while (index < countsLength)
        {
            long count = histogram.CountAtIndex(index++);
            long zeroRun = 0;
            if (count == 0)
            {
                zeroRun = 1;
                while (index < countsLength && histogram.CountAtIndex(index) == 0)
                {
                    zeroRun++;
                    index++;
                }
            }
            // A lone zero is written as 0; only runs of two or more become negative run lengths (as HdrHistogram does).
            written += WriteZigZag(destination[written..], zeroRun > 1 ? -zeroRun : count);
        }
        return written;
    }

    private static void FillCounts(LatencyHistogram histogram, ReadOnlySpan<byte> payload)
    {
        int position = 0;
        long index = 0;
        while (position < payload.Length)
        {
            long count = ReadZigZag(payload, ref position);
            if (count < 0)
            {
                // Compared this way round so that a run of long.MinValue cannot overflow.
                if (count < index - histogram.CountsLength)
                {
                    throw new InvalidDataException($"A run of {-count} zero counts overruns the {histogram.CountsLength} buckets its header describes.");
                }
                index -= count; // a run of zero counts
                continue;
            }
            if (index >= histogram.CountsLength)
            {
                throw new InvalidDataException($"The payload holds counts beyond the {histogram.CountsLength} buckets its header describes.");
            }
            if (count > 0)
            {
                histogram.RestoreCountAtIndex((int)index, count);
            }
            index++;
        }
    }

    // The normalizing offset and double ratio are ignored, as HdrHistogram's integer Histogram ignores them for values.
    private static LatencyHistogram CreateFromHeader(ReadOnlySpan<byte> header, out int payloadLength)
    {
        int cookie = BinaryPrimitives.ReadInt32BigEndian(header);
        if ((cookie & ~CookieFlagsMask) != V2CookieBase)
        {
            throw new InvalidDataException($"Cookie 0x{cookie:x8} is not a V2 HdrHistogram encoding (0x{V2CookieBase:x8}).");
        }
        int significantDigits = BinaryPrimitives.ReadInt32BigEndian(header[12..]);
        long lowest = BinaryPrimitives.ReadInt64BigEndian(header[16..]);
        long highest = BinaryPrimitives.ReadInt64BigEndian(header[24..]);

        LatencyHistogram histogram;
        try
        {
            histogram = new LatencyHistogram(lowest, highest, significantDigits);
        }
        catch (ArgumentOutOfRangeException ex)
        {
            throw new InvalidDataException(
                $"Unsupported histogram layout (lowest {lowest}, highest {highest}, digits {significantDigits}): {ex.Message}", ex);
        }
        payloadLength = PayloadLength(header, histogram);
        return histogram;
    }

    private static bool HasLayout(ReadOnlySpan<byte> header, LatencyHistogram histogram) =>
        (BinaryPrimitives.ReadInt32BigEndian(header) & ~CookieFlagsMask) == V2CookieBase
        && BinaryPrimitives.ReadInt32BigEndian(header[12..]) == histogram.SignificantDigits
        && BinaryPrimitives.ReadInt64BigEndian(header[16..]) == histogram.LowestDiscernibleValue
        && BinaryPrimitives.ReadInt64BigEndian(header[24..]) == histogram.HighestTrackableValue;

    private static int PayloadLength(ReadOnlySpan<byte> header, LatencyHistogram histogram)
    {
        int payloadLength = BinaryPrimitives.ReadInt32BigEndian(header[4..]);
        if (payloadLength < 0 || payloadLength > (long)histogram.CountsLength * MaxBytesPerCount)
        {
            throw new InvalidDataException($"Payload length {payloadLength} is impossible for {histogram.CountsLength} buckets.");
        }
        return payloadLength;
    }

    private static void ReadExactly(Stream stream, byte[] buffer)
    {
        try
        {
            stream.ReadExactly(buffer);
        }
        catch (EndOfStreamException ex)
        {
            throw new InvalidDataException("The compressed histogram ends before its announced length.", ex);
        }
    }
}
