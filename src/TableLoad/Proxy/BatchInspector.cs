using System.Text.Json;

namespace TableLoad.Proxy;

/// <summary>
/// Reads what the scalability targets need from a request body without parsing all of it: the number
/// of operations (request lines) in a batch, and the table and PartitionKey of its first operation.
/// </summary>
internal static class BatchInspector
{
    private static ReadOnlySpan<byte> RequestLineEnd => " HTTP/1.1"u8;

    private static ReadOnlySpan<byte> HeadersEnd => "\r\n\r\n"u8;

    private static ReadOnlySpan<byte> PartitionKeyName => "PartitionKey"u8;

    private static ReadOnlySpan<byte> DeleteMethod => "DELETE "u8;

    /// <summary>Inspects the multipart body of an entity group transaction (<c>POST .../$batch</c>).</summary>
    public static BodyShape InspectBatch(ReadOnlySpan<byte> body)
    {
        var operations = 0;
        var deletes = 0;
        var firstLineEnd = -1;
        for (var at = 0; ;)
        {
            var found = body[at..].IndexOf(RequestLineEnd);
            if (found < 0)
            {
                break;
            }

            var end = at + found;
            at = end + RequestLineEnd.Length;
            if (at < body.Length && body[at] is (byte)'\r' or (byte)'\n')
            {
                operations++;
                deletes += IsDeleteLine(body, end) ? 1 : 0;
                firstLineEnd = firstLineEnd < 0 ? end : firstLineEnd;
            }
        }

        if (firstLineEnd < 0)
        {
            return new BodyShape(0, default, default, false, 0);
        }

        var lineStart = body[..firstLineEnd].LastIndexOf((byte)'\n') + 1;
        var table = TableOfRequestLine(body, lineStart, firstLineEnd);
        if (IsDeleteLine(body, firstLineEnd))
        {
            // A delete has no body: its key is in its entity address, the request line's URL.
            var url = (lineStart + DeleteMethod.Length)..firstLineEnd;
            return new BodyShape(operations, table, url, false, deletes) { KeyInAddress = true };
        }

        var headersEnd = body[firstLineEnd..].IndexOf(HeadersEnd);
        if (headersEnd < 0)
        {
            return new BodyShape(operations, table, default, false, deletes);
        }

        var (key, escaped) = FindPartitionKey(body, firstLineEnd + headersEnd + HeadersEnd.Length);
        return new BodyShape(operations, table, key, escaped, deletes);
    }

    /// <summary>Inspects the JSON body of a single write (an insert, <c>POST .../{table}</c>, or an upsert to the entity's address); the table comes from the path.</summary>
    public static BodyShape InspectEntity(ReadOnlySpan<byte> body)
    {
        var (key, escaped) = FindPartitionKey(body, 0);
        return new BodyShape(1, default, key, escaped, 0);
    }

    /// <summary>Whether the request line that ends at <paramref name="lineEnd"/> is a DELETE sub-request.</summary>
    public static bool IsDeleteLine(ReadOnlySpan<byte> body, int lineEnd)
    {
        var lineStart = body[..lineEnd].LastIndexOf((byte)'\n') + 1;
        return body[lineStart..lineEnd].StartsWith(DeleteMethod);
    }

    // The last path segment of "POST http://host/account/table HTTP/1.1", up to any '(' or '?'.
    private static Range TableOfRequestLine(ReadOnlySpan<byte> body, int lineStart, int lineEnd)
    {
        var line = body[lineStart..lineEnd];
        var space = line.IndexOf((byte)' ');
        if (space < 0)
        {
            return default;
        }

        var urlStart = space + 1;
        var url = line[urlStart..];
        var scheme = url.IndexOf("://"u8);
        var pathStart = 0;
        if (scheme >= 0)
        {
            var slash = url[(scheme + 3)..].IndexOf((byte)'/');
            pathStart = slash < 0 ? url.Length : scheme + 3 + slash;
        }

        var path = url[pathStart..];
        var stop = path.IndexOfAny((byte)'(', (byte)'?');
        if (stop >= 0)
        {
            path = path[..stop];
        }

        var segmentStart = path.LastIndexOf((byte)'/') + 1;
        var start = lineStart + urlStart + pathStart + segmentStart;
        return start..(start + path.Length - segmentStart);
    }

    // The raw (possibly escaped) bytes of the top-level "PartitionKey" string of the JSON object at jsonStart.
    private static (Range Value, bool Escaped) FindPartitionKey(ReadOnlySpan<byte> body, int jsonStart)
    {
        var json = body[jsonStart..];
        var reader = new Utf8JsonReader(json, isFinalBlock: false, state: default);
        try
        {
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
            {
                return default;
            }

            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                var isKey = reader.ValueTextEquals(PartitionKeyName);
                if (!reader.Read())
                {
                    return default;
                }

                if (isKey)
                {
                    if (reader.TokenType != JsonTokenType.String || reader.HasValueSequence)
                    {
                        return default;
                    }

                    var start = jsonStart + (int)reader.TokenStartIndex + 1;
                    return (start..(start + reader.ValueSpan.Length), reader.ValueIsEscaped);
                }

                if (!reader.TrySkip())
                {
                    return default;
                }
            }
        }
        catch (JsonException)
        {
        }

        return default;
    }
}

/// <summary>
/// What <see cref="BatchInspector"/> found: the operation count (deletes among them), where the first operation's table
/// name is (empty for a single write, whose table is in the path), and where its PartitionKey's JSON string is (or, when
/// the first operation is a delete, its request line's URL, which holds the key in the entity's address).
/// </summary>
internal readonly record struct BodyShape(int Operations, Range Table, Range PartitionKey, bool PartitionKeyEscaped, int Deletes)
{
    /// <summary>Whether <see cref="PartitionKey"/> is the URL of a delete's entity address, percent-encoded, rather than a JSON string.</summary>
    public bool KeyInAddress { get; init; }

    /// <summary>Copies the PartitionKey, unescaped, into <paramref name="destination"/>; -1 if it does not fit.</summary>
    public int CopyPartitionKey(ReadOnlySpan<byte> body, Span<char> destination)
    {
        var raw = body[PartitionKey];
        if (KeyInAddress)
        {
            return PartitionKeyOfRequest.CopyFromEntityAddress(Uri.UnescapeDataString(System.Text.Encoding.UTF8.GetString(raw)), destination);
        }

        if (!PartitionKeyEscaped)
        {
            return System.Text.Encoding.UTF8.TryGetChars(raw, destination, out var written) ? written : -1;
        }

        // Re-read the quoted string so the JSON reader does the unescaping.
        var (offset, length) = PartitionKey.GetOffsetAndLength(body.Length);
        var reader = new Utf8JsonReader(body.Slice(offset - 1, length + 2));
        reader.Read();
        return reader.ValueSpan.Length <= destination.Length ? reader.CopyString(destination) : -1;
    }

    public string PartitionKeyText(ReadOnlySpan<byte> body)
    {
        Span<char> buffer = new char[body[PartitionKey].Length];
        var length = CopyPartitionKey(body, buffer);
        return new string(buffer[..Math.Max(length, 0)]);
    }
}
