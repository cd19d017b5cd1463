using System.Net;
using System.Text;
using System.Text.Json;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Storage.Wire;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Storage;

/// <summary>
/// <c>--batch-size none</c>: each write or delete is one request of one entity, no <c>$batch</c>; the wire client's request is the one the SDK's
/// <c>AddEntityAsync</c>, <c>UpsertEntityAsync</c> and <c>DeleteEntityAsync</c> send (method, address, If-Match, Prefer, the entity's members).
/// </summary>
public sealed class SingleWriteRequestTests
{
    private static readonly EntityTemplate Template = EntityTemplate.Create(30, 3);
    private static readonly BatchIdentity Keys = new("p'k é", "tl-000-000-0002-", "run-1", FirstKey: 7, KeySpace: 10);
    private const string EntityAddress = "/mytable(PartitionKey='p%27%27k%20%C3%A9',RowKey='tl-000-000-0002-00000007')";

    public static TheoryData<string, string, string, string, string?> Requests => new()
    {
        { "sdk", "insert", "POST", "/mytable", null },
        { "wire", "insert", "POST", "/mytable", null },
        { "sdk", "upsert-replace", "PUT", EntityAddress, null },
        { "wire", "upsert-replace", "PUT", EntityAddress, null },
        { "sdk", "upsert-merge", "PATCH", EntityAddress, null },
        { "wire", "upsert-merge", "PATCH", EntityAddress, null },
        { "sdk", "delete", "DELETE", EntityAddress, "*" },
        { "wire", "delete", "DELETE", EntityAddress, "*" },
    };

    public static TheoryData<string> Writes => ["insert", "upsert-replace", "upsert-merge", "delete"];

    [Theory]
    [MemberData(nameof(Requests))]
    public async Task Send_IsOneRequestOfOneEntity_ByItsOwnMethodAndAddress(string client, string operation, string method, string path, string? ifMatch)
    {
        var server = new EntityServer(HttpStatusCode.NoContent);

        var answer = await SendAsync(client, operation, server);

        var request = Assert.Single(server.Requests);
        Assert.Equal((method, path, ifMatch), (request.Method, new Uri(request.Path).AbsolutePath.Replace("/devstoreaccount1", "", StringComparison.Ordinal), request.Headers.GetValueOrDefault("If-Match")));
        Assert.DoesNotContain("$batch", request.Path, StringComparison.Ordinal);
        Assert.Equal((204, true), (answer.HttpStatus, answer.Succeeded));
        Assert.Equal(new RequestCharge(ChargeReading.Read, 10), answer.Charge);
    }

    [Theory]
    [MemberData(nameof(Writes))]
    public async Task Send_TheWireClientsRequest_IsTheSdks(string operation)
    {
        var sdk = new EntityServer(HttpStatusCode.NoContent);
        var wire = new EntityServer(HttpStatusCode.NoContent);

        await SendAsync("sdk", operation, sdk);
        await SendAsync("wire", operation, wire);

        var (theirs, mine) = (Assert.Single(sdk.Requests), Assert.Single(wire.Requests));
        // The SDK adds a $format query and headers the service does not need; these decide what the request does.
        Assert.Equal((theirs.Method, theirs.Path, theirs.Headers.GetValueOrDefault("If-Match")), (mine.Method, mine.Path, mine.Headers.GetValueOrDefault("If-Match")));
        Assert.Equal(theirs.Headers.GetValueOrDefault("Prefer"), mine.Headers.GetValueOrDefault("Prefer"));
        Assert.Equal(theirs.Headers.TryGetValue("Content-Type", out var type) ? type.Split(';')[0] : null, mine.Headers.TryGetValue("Content-Type", out var myType) ? myType.Split(';')[0] : null);
        Assert.Equal(theirs.Entity.ValueKind, mine.Entity.ValueKind);
        if (Operation(operation).Writes())
        {
            foreach (var property in new[] { "PartitionKey", "RowKey", EntityTemplate.NonceProperty, "P0", "P1", "P2" })
            {
                Assert.Equal(theirs.Entity.GetProperty(property).GetString(), mine.Entity.GetProperty(property).GetString());
            }

            Assert.Equal(Names(theirs.Entity), Names(mine.Entity));
        }
    }

    [Theory]
    [InlineData("sdk", "insert", HttpStatusCode.Conflict, "EntityAlreadyExists", "rejected")]
    [InlineData("wire", "insert", HttpStatusCode.Conflict, "EntityAlreadyExists", "rejected")]
    [InlineData("sdk", "delete", HttpStatusCode.NotFound, "ResourceNotFound", "not_found")]
    [InlineData("wire", "delete", HttpStatusCode.NotFound, "ResourceNotFound", "not_found")]
    [InlineData("sdk", "upsert-replace", HttpStatusCode.ServiceUnavailable, "ServerBusy", "server_busy")]
    [InlineData("wire", "upsert-merge", HttpStatusCode.ServiceUnavailable, "ServerBusy", "server_busy")]
    public async Task Send_WhenRefused_IsClassifiedAsABatchsRefusal_AndCharged(string client, string operation, HttpStatusCode status, string code, string outcome)
    {
        var answer = await SendAsync(client, operation, new EntityServer(status, code));

        Assert.Equal(((int)status, code), (answer.HttpStatus, answer.ErrorCode));
        Assert.Equal(outcome, OutcomeClassifier.Classify(answer).ToSnakeCase());
        Assert.Equal(new RequestCharge(ChargeReading.Read, 10), answer.Charge);
    }

    private static List<string> Names(JsonElement entity) => [.. entity.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal)];

    private static TableOperation Operation(string name) => TableOperationNames.TryParse(name, out var operation) ? operation : throw new ArgumentException(name);

    private static async Task<BatchResponse> SendAsync(string client, string operation, EntityServer server)
    {
        var target = AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System);
        using IBatchClient requests = client == "sdk"
            ? new SdkBatchClient(target, "mytable", Template, server, diagnostics: false, TimeProvider.System)
            : new WireBatchClient(target, "mytable", Template, server, TimeProvider.System);
        var sender = requests.CreateSender(Operation(operation), WriteForm.Single);
        sender.Prepare(Keys, 1);
        return await sender.SendAsync("client-request-id", CancellationToken.None);
    }

    /// <summary>Answers every request with <paramref name="status"/>, refusing with <paramref name="code"/> when it is no success; each answer costs 10 request units.</summary>
    private sealed class EntityServer(HttpStatusCode status, string? code = null) : HttpMessageHandler
    {
        public List<SeenRequest> Requests { get; } = [];

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Requests.Add(await SeenRequest.ReadAsync(request, cancellationToken));
            var answer = new HttpResponseMessage(status) { RequestMessage = request };
            if (code is not null)
            {
                answer.Content = new StringContent($"{{\"odata.error\":{{\"code\":\"{code}\",\"message\":{{\"lang\":\"en-US\",\"value\":\"{code}\"}}}}}}", Encoding.UTF8, "application/json");
                answer.Headers.TryAddWithoutValidation("x-ms-error-code", code);
            }

            answer.Headers.TryAddWithoutValidation(ServiceHeaders.RequestChargeName, "10");
            return answer;
        }
    }
}
