using System.Globalization;

namespace TableLoad.Service.Log;

/// <summary>
/// A line of the classic Storage Analytics log (<c>$logs/table/…</c>), format 1.0 (2.0 adds fields after these): semicolon-separated,
/// a field holding a semicolon or a quote in double quotes, quotes doubled inside.
/// </summary>
internal static class ClassicLogLine
{
    // Zero-based positions of the fields the join reads.
    private const int RequestStartTime = 1;
    private const int EndToEndLatency = 5;
    private const int ServerLatency = 6;
    private const int ClientRequestId = 29;
    private const int FieldsNeeded = ClientRequestId + 1;

    /// <summary>Whether the line starts as a classic log line does: its version, then a semicolon.</summary>
    public static bool IsOne(ReadOnlySpan<char> line) => line.StartsWith("1.0;") || line.StartsWith("2.0;");

    public static bool TryRead(ReadOnlySpan<char> line, out ServiceLogEntry entry)
    {
        entry = default;
        Span<Range> fields = stackalloc Range[FieldsNeeded];
        var count = DelimitedFields.Split(line, ';', fields);
        if (count < FieldsNeeded
            || !DateTimeOffset.TryParse(Unquoted(line[fields[RequestStartTime]]), CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var time)
            || !double.TryParse(line[fields[EndToEndLatency]], NumberStyles.Float, CultureInfo.InvariantCulture, out var endToEnd)
            || !double.TryParse(line[fields[ServerLatency]], NumberStyles.Float, CultureInfo.InvariantCulture, out var server))
        {
            return false;
        }

        var id = Guid.TryParse(Unquoted(line[fields[ClientRequestId]]), out var parsed) ? parsed : (Guid?)null;
        entry = new ServiceLogEntry(id, time, server, endToEnd);
        return true;
    }

    private static ReadOnlySpan<char> Unquoted(ReadOnlySpan<char> field) =>
        field.Length >= 2 && field[0] == '"' && field[^1] == '"' ? field[1..^1] : field;
}
