using System.Net;
using System.Text.Json;
using Azure.Core.Pipeline;
using Azure.Data.Tables;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Tests.Storage.Wire;

/// <summary>Each --operation's sub-requests in the wire client's body: the method, address and headers Azure.Data.Tables sends for it.</summary>
public sealed class TableOperationBodyTests
{
    private const string Endpoint = "http://127.0.0.1:10002/devstoreaccount1";
    private const string TableUrl = Endpoint + "/mytable";

    private static readonly EntityTemplate Template = EntityTemplate.Create(30, 3);

    private static BatchBodyWriter CreateSut(TableOperation operation) => new(Template, TableUrl, operation);

    [Fact]
    public async Task Write_Insert_PostsToTheTable_AskingForNoContent()
    {
        var operations = await BatchBodyReader.ReadOperationsAsync(CreateSut(TableOperation.Insert).Write(new BatchIdentity("pk", "tl-", "n"), 2).ToArray());

        Assert.All(operations, o => Assert.Equal($"POST {TableUrl} HTTP/1.1", o.RequestLine));
        Assert.All(operations, o => Assert.Equal("return-no-content", o.Headers["Prefer"]));
    }

    [Theory]
    [InlineData("upsert-replace", "PUT")]
    [InlineData("upsert-merge", "PATCH")]
    public async Task Write_Upsert_AddressesEachEntityByItsKeys_WithoutIfMatch(string name, string method)
    {
        var operation = Operation(name);
        var batch = new BatchIdentity("tl-0001", "tl-000-000-0002-", "n.0000000007", FirstKey: 48, KeySpace: 50);

        var operations = await BatchBodyReader.ReadOperationsAsync(CreateSut(operation).Write(batch, 3).ToArray());

        Assert.Equal(
            new[] { "00000048", "00000049", "00000000" }.Select(k => $"{method} {TableUrl}(PartitionKey='tl-0001',RowKey='tl-000-000-0002-{k}') HTTP/1.1"),
            operations.Select(o => o.RequestLine));
        Assert.All(operations, o => Assert.False(o.Headers.ContainsKey("If-Match")));
        Assert.All(operations, o => Assert.False(o.Headers.ContainsKey("Prefer")));
        Assert.All(operations, o => Assert.Equal("application/json", o.Headers["Content-Type"]));
        Assert.Equal(["tl-000-000-0002-00000048", "tl-000-000-0002-00000049", "tl-000-000-0002-00000000"], operations.Select(o => o.Entity.GetProperty("RowKey").GetString()));
        Assert.All(operations, o => Assert.Equal("n.0000000007", o.Entity.GetProperty(EntityTemplate.NonceProperty).GetString()));
    }

    [Theory]
    [InlineData("insert", "pk", "tl-")]
    [InlineData("upsert-replace", "pk", "tl-")]
    [InlineData("upsert-merge", "pk", "tl-")]
    [InlineData("upsert-replace", "p'k x", "r'o w-")]
    [InlineData("upsert-merge", "p\u00e9k", "r\"w-")]
    public async Task Write_EachOperation_SendsWhatTheSdkSends(string name, string partitionKey, string stem)
    {
        var operation = Operation(name);
        var batch = new BatchIdentity(partitionKey, stem, "nonce-1", FirstKey: 3, KeySpace: 10);
        var ours = await BatchBodyReader.ReadOperationsAsync(CreateSut(operation).Write(batch, 2).ToArray());

        var sdk = await SdkSubRequestsAsync(operation, batch, 2);

        Assert.Equal(sdk.Count, ours.Count);
        foreach (var (mine, theirs) in ours.Zip(sdk))
        {
            // The SDK adds a $format query and headers the service does not need; the method and the entity's address are what decide the operation.
            Assert.Equal(WithoutQuery(theirs.RequestLine), mine.RequestLine);
            Assert.Equal(theirs.Headers.ContainsKey("If-Match"), mine.Headers.ContainsKey("If-Match"));
            Assert.Equal(theirs.Headers.ContainsKey("Prefer"), mine.Headers.ContainsKey("Prefer"));
            foreach (var property in new[] { "PartitionKey", "RowKey", EntityTemplate.NonceProperty, "P0", "P1", "P2" })
            {
                Assert.Equal(theirs.Entity.GetProperty(property).GetString(), mine.Entity.GetProperty(property).GetString());
            }
        }
    }

    [Fact]
    public async Task Write_Delete_SendsWhatTheSdkSends_ADeleteOfEachAddressWithIfMatchAny_AndNoBody()
    {
        var batch = new BatchIdentity("p'k", "tl-000-000-0002-", "n", FirstKey: 8, KeySpace: 10);

        var ours = await BatchBodyReader.ReadOperationsAsync(CreateSut(TableOperation.Delete).Write(batch, 3).ToArray());
        var sdk = await SdkSubRequestsAsync(TableOperation.Delete, batch, 3);

        Assert.Equal(sdk.Select(o => WithoutQuery(o.RequestLine)), ours.Select(o => o.RequestLine));
        Assert.All(ours, o => Assert.StartsWith("DELETE ", o.RequestLine, StringComparison.Ordinal));
        Assert.All(sdk.Zip(ours), p => Assert.Equal(("*", "*"), (p.First.Headers["If-Match"], p.Second.Headers["If-Match"])));
        Assert.All(ours, o => Assert.Equal(JsonValueKind.Undefined, o.Entity.ValueKind));
        Assert.All(ours, o => Assert.False(o.Headers.ContainsKey("Content-Type")));
    }

    [Theory]
    [InlineData("upsert-replace")]
    [InlineData("upsert-merge")]
    [InlineData("delete")]
    public void Write_NextBatchOfAKeySpace_PatchedInPlace_EqualsAFreshWriter(string name)
    {
        var operation = Operation(name);
        var sut = CreateSut(operation);
        sut.Write(new BatchIdentity("tl-0001", "tl-000-000-0002-", "n.0000000001", 0, 150), 100);
        var next = new BatchIdentity("tl-0002", "tl-000-000-0003-", "n.0000000002", 100, 150);

        var patched = sut.Write(next, 100).ToArray();

        Assert.Equal(CreateSut(operation).Write(next, 100).ToArray(), patched);
    }

    private static TableOperation Operation(string name) =>
        TableOperationNames.TryParse(name, out var operation) ? operation : throw new ArgumentException(name);

    private static string WithoutQuery(string requestLine)
    {
        var query = requestLine.IndexOf('?', StringComparison.Ordinal);
        return query < 0 ? requestLine : requestLine[..query] + requestLine[requestLine.LastIndexOf(' ')..];
    }

    /// <summary>The sub-requests Azure.Data.Tables writes for the same batch, caught before they leave the process.</summary>
    private static async Task<List<BatchBodyReader.Operation>> SdkSubRequestsAsync(TableOperation operation, BatchIdentity batch, int count)
    {
        var capture = new CapturingHandler();
        var options = new TableClientOptions { Transport = new HttpClientTransport(capture) };
        options.Retry.MaxRetries = 0;
        var table = new TableClient(new Uri(Endpoint), "mytable", new TableSharedKeyCredential("devstoreaccount1", Convert.ToBase64String(new byte[64])), options);
        var actions = Enumerable.Range(0, count).Select(i =>
        {
            var entity = new TableEntity(batch.PartitionKey, batch.RowKey(i)) { [EntityTemplate.NonceProperty] = batch.Nonce };
            foreach (var (name, value) in Template.Values)
            {
                entity[name] = value;
            }

            return operation == TableOperation.Delete
                ? new TableTransactionAction(TableTransactionActionType.Delete, new TableEntity(batch.PartitionKey, batch.RowKey(i)), Azure.ETag.All)
                : new TableTransactionAction(SdkBatchSender.ActionType(operation), entity);
        });

        await Assert.ThrowsAnyAsync<Azure.RequestFailedException>(() => table.SubmitTransactionAsync(actions));
        var boundary = capture.ContentType!.Split("boundary=")[1];
        return await BatchBodyReader.ReadOperationsAsync(capture.Body!, boundary);
    }

    private sealed class CapturingHandler : HttpMessageHandler
    {
        public byte[]? Body { get; private set; }

        public string? ContentType { get; private set; }

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Body = await request.Content!.ReadAsByteArrayAsync(cancellationToken);
            ContentType = request.Content.Headers.ContentType!.ToString();
            return new HttpResponseMessage(HttpStatusCode.ServiceUnavailable);
        }
    }
}
