using System.IO.Pipelines;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>
/// Counts the operations of a batch body as it streams in, by the part header every operation carries,
/// without buffering the body; a marker split across two reads is still counted once.
/// </summary>
internal static class OperationCounter
{
    private static ReadOnlySpan<byte> Marker => "Content-Type: application/http"u8;

    /// <returns>The operations, and the body's bytes (what the client sent per batch, for the bytes per entity).</returns>
    public static async ValueTask<(int Operations, long Bytes)> CountAsync(PipeReader reader, CancellationToken cancellationToken)
    {
        var count = 0;
        var bytes = 0L;
        var carry = new byte[Marker.Length - 1];
        var carried = 0;
        while (true)
        {
            var read = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            bytes += read.Buffer.Length;
            foreach (var segment in read.Buffer)
            {
                count += Count(segment.Span, carry, ref carried);
            }

            reader.AdvanceTo(read.Buffer.End);
            if (read.IsCompleted || read.IsCanceled)
            {
                return (count, bytes);
            }
        }
    }

    /// <summary>Counts markers in <paramref name="span"/> and those that straddle the carried tail of the previous span.</summary>
    public static int Count(ReadOnlySpan<byte> span, byte[] carry, ref int carried)
    {
        var count = 0;
        var head = Math.Min(span.Length, carry.Length);
        Span<byte> joint = stackalloc byte[carry.Length * 2];
        carry.AsSpan(0, carried).CopyTo(joint);
        span[..head].CopyTo(joint[carried..]);
        var jointLength = carried + head;

        // Neither the carried tail nor the head alone can hold a whole marker, so a match here straddles both.
        count += Occurrences(joint[..jointLength]);
        count += Occurrences(span);

        if (span.Length >= carry.Length)
        {
            span[^carry.Length..].CopyTo(carry);
            carried = carry.Length;
        }
        else
        {
            var keep = Math.Min(jointLength, carry.Length);
            joint[(jointLength - keep)..jointLength].CopyTo(carry);
            carried = keep;
        }

        return count;
    }

    private static int Occurrences(ReadOnlySpan<byte> span)
    {
        var count = 0;
        while (true)
        {
            var at = span.IndexOf(Marker);
            if (at < 0)
            {
                return count;
            }

            count++;
            span = span[(at + Marker.Length)..];
        }
    }
}
