using System.Text;
using System.Text.Json;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>
/// The 200 answer of a point read, in the Table service's minimal-metadata JSON: the keys the address names, then 1 KB in
/// eight binary properties of 128 bytes (the shape of TableLoad's default entity), built once and shared by every answer.
/// </summary>
internal static class EntityAnswers
{
    public const string ContentType = "application/json;odata=minimalmetadata";
    public const string ETag = "W/\"datetime'2026-01-01T00%3A00%3A00.0000000Z'\"";

    private const string Marker = "(PartitionKey='";
    private const string RowKeyMarker = "',RowKey='";

    private static readonly byte[] Head = Encoding.ASCII.GetBytes(
        "{\"odata.metadata\":\"http://127.0.0.1/devstoreaccount1/$metadata#table/@Element\",\"odata.etag\":"
        + JsonSerializer.Serialize(ETag) + ",\"PartitionKey\":");

    private static readonly byte[] Tail = BuildTail();

    /// <summary>True when <paramref name="path"/> addresses one entity, <c>/account/table(PartitionKey='p',RowKey='r')</c>.</summary>
    public static bool TryKeys(string path, out string partitionKey, out string rowKey)
    {
        var decoded = Uri.UnescapeDataString(path);
        var at = decoded.IndexOf(Marker, StringComparison.Ordinal);
        var row = at < 0 ? -1 : decoded.IndexOf(RowKeyMarker, at, StringComparison.Ordinal);
        if (row < 0 || !decoded.EndsWith("')", StringComparison.Ordinal))
        {
            (partitionKey, rowKey) = ("", "");
            return false;
        }

        partitionKey = decoded[(at + Marker.Length)..row].Replace("''", "'", StringComparison.Ordinal);
        rowKey = decoded[(row + RowKeyMarker.Length)..^2].Replace("''", "'", StringComparison.Ordinal);
        return true;
    }

    public static byte[] For(string partitionKey, string rowKey)
    {
        var keys = Encoding.UTF8.GetBytes(JsonSerializer.Serialize(partitionKey) + ",\"RowKey\":" + JsonSerializer.Serialize(rowKey));
        return [.. Head, .. keys, .. Tail];
    }

    private static byte[] BuildTail()
    {
        var random = new Random(40);
        var text = new StringBuilder();
        for (var i = 0; i < 8; i++)
        {
            var value = new byte[128];
            random.NextBytes(value);
            text.Append(",\"P").Append(i).Append("@odata.type\":\"Edm.Binary\",\"P").Append(i).Append("\":\"").Append(Convert.ToBase64String(value)).Append('"');
        }

        text.Append(",\"Timestamp\":\"2026-01-01T00:00:00.0000000Z\"}");
        return Encoding.ASCII.GetBytes(text.ToString());
    }
}
