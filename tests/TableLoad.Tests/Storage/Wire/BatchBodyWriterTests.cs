using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.WebUtilities;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Tests.Storage.Wire;

public sealed class BatchBodyWriterTests
{
    private const string TableUrl = "http://127.0.0.1:10002/devstoreaccount1/mytable";

    private static readonly EntityTemplate Template = EntityTemplate.Create(300, 3);

    private static BatchBodyWriter CreateSut() => new(Template, TableUrl);

    private sealed record Operation(string RequestLine, IReadOnlyDictionary<string, string> Headers, JsonElement Entity);

    // Reads the body with ASP.NET Core's multipart reader: the batch, then the changeset inside it.
    private static async Task<List<Operation>> ReadOperationsAsync(byte[] body)
    {
        var batch = new MultipartReader(BatchBodyWriter.BatchBoundary, new MemoryStream(body));
        var changeset = await batch.ReadNextSectionAsync();
        Assert.NotNull(changeset);
        Assert.Equal($"multipart/mixed; boundary={BatchBodyWriter.ChangesetBoundary}", changeset.ContentType);

        var operations = new List<Operation>();
        var reader = new MultipartReader(BatchBodyWriter.ChangesetBoundary, changeset.Body);
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
        using var json = JsonDocument.Parse(httpRequest[(split + 4)..]);
        return new Operation(head[0], headers, json.RootElement.Clone());
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(100)]
    public async Task Write_ParsesAsMultipartWithExactlyCountInserts(int count)
    {
        var body = CreateSut().Write("pk", "tl-000-000-0001-0000000000-", "nonce", count).ToArray();

        var operations = await ReadOperationsAsync(body);

        Assert.Equal(count, operations.Count);
        Assert.All(operations, o => Assert.Equal($"POST {TableUrl} HTTP/1.1", o.RequestLine));
        Assert.All(operations, o => Assert.Equal("application/json", o.Headers["Content-Type"]));
    }

    [Fact]
    public async Task Write_EachEntityHasKeysNonceAndProperties()
    {
        const string stem = "tl-000-000-0001-0000000042-";
        var body = CreateSut().Write("tl-0003", stem, "run-nonce", 12).ToArray();

        var operations = await ReadOperationsAsync(body);

        for (var i = 0; i < operations.Count; i++)
        {
            var entity = operations[i].Entity;
            Assert.Equal("tl-0003", entity.GetProperty("PartitionKey").GetString());
            Assert.Equal(stem + i.ToString("D3", System.Globalization.CultureInfo.InvariantCulture), entity.GetProperty("RowKey").GetString());
            Assert.Equal("run-nonce", entity.GetProperty(EntityTemplate.NonceProperty).GetString());
            Assert.Equal([100, 100, 100], Enumerable.Range(0, 3).Select(p => entity.GetProperty($"P{p}").GetBytesFromBase64().Length));
        }
    }

    [Fact]
    public void Write_BoundariesOpenAndCloseTheBody()
    {
        var text = Encoding.UTF8.GetString(CreateSut().Write("pk", "stem-", "n", 3).Span);

        Assert.StartsWith($"--{BatchBodyWriter.BatchBoundary}\r\n", text, StringComparison.Ordinal);
        Assert.EndsWith($"--{BatchBodyWriter.ChangesetBoundary}--\r\n--{BatchBodyWriter.BatchBoundary}--\r\n", text, StringComparison.Ordinal);
        Assert.Equal(3, text.Split($"--{BatchBodyWriter.ChangesetBoundary}\r\n").Length - 1);
        Assert.EndsWith("boundary=" + BatchBodyWriter.BatchBoundary, BatchBodyWriter.ContentType, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Write_KeysNeedingJsonEscapes_StayValidJson()
    {
        var body = CreateSut().Write("p\"k\\", "stem\u00e9-", "n\"", 2).ToArray();

        var entity = (await ReadOperationsAsync(body))[1].Entity;

        Assert.Equal("p\"k\\", entity.GetProperty("PartitionKey").GetString());
        Assert.Equal("stem\u00e9-001", entity.GetProperty("RowKey").GetString());
        Assert.Equal("n\"", entity.GetProperty("Batch").GetString());
    }

    [Fact]
    public async Task Write_Twice_SecondBodyHoldsNothingOfTheFirst()
    {
        var sut = CreateSut();
        var first = sut.Write("first", "a-", "n1", 100).ToArray();

        var second = sut.Write("second", "b-", "n2", 2).ToArray();

        var operations = await ReadOperationsAsync(second);
        Assert.Equal(2, operations.Count);
        Assert.All(operations, o => Assert.Equal("second", o.Entity.GetProperty("PartitionKey").GetString()));
        Assert.Equal(100, (await ReadOperationsAsync(first)).Count);
    }

    [Fact]
    public void Write_SameArgumentsAfterOtherBatch_GivesIdenticalBytes()
    {
        var sut = CreateSut();
        var first = sut.Write("pk", "a-", "n", 5).ToArray();
        sut.Write("other", "b-", "m", 100);

        var again = sut.Write("pk", "a-", "n", 5).ToArray();

        Assert.Equal(first, again);
        Assert.Equal(first, sut.Body.ToArray());
    }

    [Theory]
    [InlineData("tl", "tl-000-000-0001-0000000001-", "tl", "tl-000-000-0001-0000000002-")]
    [InlineData("tl-0001", "tl-000-000-0001-0000000001-", "tl-0002", "tl-000-000-0001-0000000009-")]
    [InlineData("p\"k", "st\u00e9m-", "p\"j", "st\u00e8m-")]
    [InlineData("tl", "a-", "tl", "bb-")]
    [InlineData("tl", "a-", "tlx", "b-")]
    public void Write_SecondBatchOfTheSameLayout_PatchedInPlace_EqualsAFreshWriter(string pk1, string stem1, string pk2, string stem2)
    {
        var sut = CreateSut();
        sut.Write(pk1, stem1, "nonce", 100);

        var patched = sut.Write(pk2, stem2, "nonce", 100).ToArray();

        Assert.Equal(CreateSut().Write(pk2, stem2, "nonce", 100).ToArray(), patched);
    }
}
