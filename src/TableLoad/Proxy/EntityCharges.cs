using System.Text.Json;

namespace TableLoad.Proxy;

/// <summary>
/// Reads each entity a write carries (its JSON object: size and properties) and sums their charges by
/// <see cref="WriteChargeModel"/>: every operation of a batch (a delete, which carries none, at
/// <see cref="WriteChargeModel.Delete"/>), or the one entity of a single write.
/// </summary>
internal static class EntityCharges
{
    private static ReadOnlySpan<byte> RequestLineEnd => " HTTP/1.1"u8;

    private static ReadOnlySpan<byte> HeadersEnd => "\r\n\r\n"u8;

    public static double OfBatch(ReadOnlySpan<byte> body)
    {
        var total = 0.0;
        for (var at = 0; ;)
        {
            var found = body[at..].IndexOf(RequestLineEnd);
            if (found < 0)
            {
                return total;
            }

            var lineEnd = at + found;
            at = lineEnd + RequestLineEnd.Length;
            if (at >= body.Length || body[at] is not ((byte)'\r' or (byte)'\n'))
            {
                continue;
            }

            if (BatchInspector.IsDeleteLine(body, lineEnd))
            {
                total += WriteChargeModel.Delete;
                continue;
            }

            var headersEnd = body[at..].IndexOf(HeadersEnd);
            if (headersEnd < 0)
            {
                return total;
            }

            at += headersEnd + HeadersEnd.Length;
            total += OfEntity(body[at..], out var consumed);
            at += consumed;
        }
    }

    /// <summary>The charge of the JSON object at the start of <paramref name="json"/> (0 if there is none), and its length.</summary>
    public static double OfEntity(ReadOnlySpan<byte> json, out int consumed)
    {
        consumed = 0;
        var reader = new Utf8JsonReader(json, isFinalBlock: false, state: default);
        var properties = 0;
        try
        {
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
            {
                return 0;
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                if (IsIndexedProperty(ref reader))
                {
                    properties++;
                }

                if (!reader.Read() || !reader.TrySkip())
                {
                    return 0;
                }
            }

            if (reader.TokenType != JsonTokenType.EndObject)
            {
                return 0;
            }
        }
        catch (JsonException)
        {
            return 0;
        }

        consumed = (int)reader.BytesConsumed;
        return WriteChargeModel.EntityCharge(consumed, properties);
    }

    // The keys are the document's partition key and id; "Name@odata.type" annotates a property, it is none.
    private static bool IsIndexedProperty(ref Utf8JsonReader reader) =>
        !reader.ValueTextEquals("PartitionKey"u8) && !reader.ValueTextEquals("RowKey"u8) && !reader.ValueSpan.EndsWith("@odata.type"u8) &&
        !reader.ValueSpan.StartsWith("odata."u8);
}
