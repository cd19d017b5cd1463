using System.Buffers;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>
/// The 200 answer of a point read, in the Table service's minimal-metadata JSON: the keys the address names, then 1 KB in
/// eight binary properties of 128 bytes (the shape of TableLoad's default entity), built once and shared by every answer.
/// </summary>
internal static class EntityAnswers
{
    private const string ContentType = "application/json;odata=minimalmetadata";
    /// <summary>The ETag of every entity the fake endpoint answers with or writes.</summary>
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

    /// <summary>Writes the answer for the keys as the canned head, the keys and the canned tail, without copying the canned parts.</summary>
    public static async Task WriteAsync(HttpResponse response, string partitionKey, string rowKey, CancellationToken cancellationToken)
    {
        var keys = Encoding.UTF8.GetBytes(JsonSerializer.Serialize(partitionKey) + ",\"RowKey\":" + JsonSerializer.Serialize(rowKey));
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = ContentType;
        response.Headers.ETag = ETag;
        response.ContentLength = Head.Length + keys.Length + Tail.Length;
        response.BodyWriter.Write(Head);
        response.BodyWriter.Write(keys);
        response.BodyWriter.Write(Tail);
        await response.BodyWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
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
