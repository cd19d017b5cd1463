using System.Text.Json;

namespace TableLoad.Storage.Wire;

/// <summary>
/// Reads the multipart answer of a batch: every operation answers with its own HTTP status line;
/// a failed batch holds one non-2xx operation whose OData error message starts with "index:".
/// </summary>
internal static class BatchResponseParser
{
    private static ReadOnlySpan<byte> StatusLinePrefix => "HTTP/1.1 "u8;

    public static BatchResponse Parse(ReadOnlySpan<byte> body)
    {
        var rest = body;
        while (true)
        {
            var at = rest.IndexOf(StatusLinePrefix);
            if (at < 0)
            {
                return new BatchResponse(202, null, null);
            }

            rest = rest[(at + StatusLinePrefix.Length)..];
            if (rest.Length < 3 || !TryParseStatus(rest[..3], out var status))
            {
                continue;
            }

            if (status is >= 200 and < 300)
            {
                continue;
            }

            var (code, index, message) = ReadError(rest);
            return new BatchResponse(status, code, index) { ErrorMessage = message };
        }
    }

    /// <summary>Reads the error code, the failing index and the message from an OData JSON error body.</summary>
    public static (string? Code, int? Index, string? Message) ReadError(ReadOnlySpan<byte> text)
    {
        var start = text.IndexOf("{"u8);
        if (start < 0)
        {
            return (null, null, null);
        }

        var json = text[start..];
        try
        {
            var reader = new Utf8JsonReader(json, new JsonReaderOptions { AllowTrailingCommas = true });
            using var document = JsonDocument.ParseValue(ref reader);
            // Read defensively: a proxy or a broken server may answer anything.
            if (document.RootElement.ValueKind != JsonValueKind.Object ||
                !document.RootElement.TryGetProperty("odata.error", out var error) ||
                error.ValueKind != JsonValueKind.Object)
            {
                return (null, null, null);
            }

            var code = error.TryGetProperty("code", out var c) && c.ValueKind == JsonValueKind.String ? c.GetString() : null;
            int? index = null;
            string? messageText = null;
            if (error.TryGetProperty("message", out var message) &&
                message.ValueKind == JsonValueKind.Object &&
                message.TryGetProperty("value", out var value) &&
                value.ValueKind == JsonValueKind.String)
            {
                messageText = value.GetString()!;
                index = LeadingIndex(messageText);
            }

            return (code, index, messageText);
        }
        catch (JsonException)
        {
            return (null, null, null);
        }
    }

    private static int? LeadingIndex(string message)
    {
        var colon = message.IndexOf(':');
        return colon > 0 && int.TryParse(message.AsSpan(0, colon), out var index) ? index : null;
    }

    private static bool TryParseStatus(ReadOnlySpan<byte> digits, out int status)
    {
        status = 0;
        foreach (var d in digits)
        {
            if (d is < (byte)'0' or > (byte)'9')
            {
                return false;
            }

            status = (status * 10) + (d - '0');
        }

        return true;
    }
}
