using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.WebUtilities;
using TableLoad.Storage.Wire;

namespace TableLoad.Tests.Storage.Wire;

/// <summary>Reads a batch body back into its sub-requests: request line, headers and entity.</summary>
internal static class BatchBodyReader
{
    public sealed record Operation(string RequestLine, IReadOnlyDictionary<string, string> Headers, JsonElement Entity);

    // Reads the body with ASP.NET Core's multipart reader: the batch, then the changeset inside it.
    public static async Task<List<Operation>> ReadOperationsAsync(byte[] body, string batchBoundary = BatchBodyWriter.BatchBoundary)
    {
        var batch = new MultipartReader(batchBoundary, new MemoryStream(body));
        var changeset = await batch.ReadNextSectionAsync();
        Assert.NotNull(changeset);
        if (batchBoundary == BatchBodyWriter.BatchBoundary)
        {
            Assert.Equal($"multipart/mixed; boundary={BatchBodyWriter.ChangesetBoundary}", changeset.ContentType);
        }

        var operations = new List<Operation>();
        var reader = new MultipartReader(changeset.ContentType!.Split("boundary=")[1], changeset.Body);
        while (await reader.ReadNextSectionAsync() is { } part)
        {
            Assert.Equal("application/http", part.ContentType);
            Assert.Equal("binary", part.Headers!["Content-Transfer-Encoding"].ToString());
            var text = await new StreamReader(part.Body, Encoding.UTF8).ReadToEndAsync();
            operations.Add(ParseOperation(text));
        }

        Assert.Null(await batch.ReadNextSectionAsync());
        return operations;
    }

    private static Operation ParseOperation(string httpRequest)
    {
        var split = httpRequest.IndexOf("\r\n\r\n", StringComparison.Ordinal);
        var head = httpRequest[..split].Split("\r\n");
        var headers = head.Skip(1).Select(h => h.Split(": ", 2)).ToDictionary(h => h[0], h => h[1], StringComparer.OrdinalIgnoreCase);
        // A delete has no body.
        var body = httpRequest[(split + 4)..].Trim();
        if (body.Length == 0)
        {
            return new Operation(head[0], headers, default);
        }

        using var json = JsonDocument.Parse(body);
        return new Operation(head[0], headers, json.RootElement.Clone());
    }
}
