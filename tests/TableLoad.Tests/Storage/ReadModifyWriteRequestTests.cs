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
/// A read-modify-write's requests, both clients against the same answers: a GET of the entity, then a PUT of it with <c>If-Match</c> set to
/// the ETag the GET returned, the wire client's PUT as the SDK's <c>UpdateEntityAsync</c> in Replace mode sends it.
/// </summary>
public sealed class ReadModifyWriteRequestTests
{
    private const string ClientRequestId = "0b5e8f2a-3c41-4d7e-9a10-6f2d8c4b7e95";
    private const string ETag = "W/\"datetime'2026-11-27T21%3A06%3A29.1234567Z'\"";
    private static readonly EntityTemplate Template = EntityTemplate.Create(30, 3);
    private static readonly BatchIdentity Keys = new("p'k é", "tl-000-000-0002-", "run-1", FirstKey: 7, KeySpace: 10);

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Send_ReadsTheEntity_ThenReplacesItUnderTheReadsETag(string client)
    {
        var server = new EntityServer(HttpStatusCode.NoContent);

        var answer = await SendAsync(client, server);

        Assert.Equal(["GET", "PUT"], server.Requests.Select(r => r.Method));
        var (get, put) = (server.Requests[0], server.Requests[1]);
        Assert.Equal(get.Path, put.Path);
        Assert.EndsWith("/mytable(PartitionKey='p%27%27k%20%C3%A9',RowKey='tl-000-000-0002-00000007')", put.Path, StringComparison.Ordinal);
        Assert.Equal(ETag, put.Headers["If-Match"]);
        Assert.Equal((204, 1), (answer.HttpStatus, answer.EntitiesReturned));
        // The pair's charge is both answers'.
        Assert.Equal(new RequestCharge(ChargeReading.Read, 1 + 10), answer.Charge);
    }

    [Fact]
    public async Task Replace_TheWireClientsPut_IsTheSdksPut()
    {
        var sdk = new EntityServer(HttpStatusCode.NoContent);
        var wire = new EntityServer(HttpStatusCode.NoContent);

        await SendAsync("sdk", sdk);
        await SendAsync("wire", wire);

        var (theirs, mine) = (sdk.Requests[1], wire.Requests[1]);
        // The SDK adds a $format query and headers the service does not need; the method, the address, If-Match, the content's type and the entity decide the replace.
        Assert.Equal((theirs.Method, theirs.Path, theirs.Headers["If-Match"]), (mine.Method, mine.Path, mine.Headers["If-Match"]));
        Assert.Equal(MediaType(theirs.Headers["Content-Type"]), MediaType(mine.Headers["Content-Type"]));
        Assert.Equal(theirs.Headers.ContainsKey("Prefer"), mine.Headers.ContainsKey("Prefer"));
        foreach (var property in new[] { "PartitionKey", "RowKey", EntityTemplate.NonceProperty, "P0", "P1", "P2" })
        {
            Assert.Equal(theirs.Entity.GetProperty(property).GetString(), mine.Entity.GetProperty(property).GetString());
        }

        Assert.Equal(Names(theirs.Entity), Names(mine.Entity));
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Send_BothRequestsCarryTheClientRequestId_ByWhichTheServiceLogNamesThem(string client)
    {
        var server = new EntityServer(HttpStatusCode.NoContent);

        await SendAsync(client, server);

        Assert.All(server.Requests, r => Assert.Equal(ClientRequestId, r.Headers["x-ms-client-request-id"]));
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Send_WhenTheReplaceIsRefused412_IsAConflict_ChargedForBoth(string client)
    {
        var answer = await SendAsync(client, new EntityServer(HttpStatusCode.PreconditionFailed));

        Assert.Equal((412, "UpdateConditionNotSatisfied"), (answer.HttpStatus, answer.ErrorCode));
        Assert.Equal(BatchOutcome.Conflict, OutcomeClassifier.Classify(answer));
        Assert.Equal(new RequestCharge(ChargeReading.Read, 11), answer.Charge);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Send_WhenTheReadFindsNothing_IsNotFound_AndSendsNoWrite(string client)
    {
        var server = new EntityServer(HttpStatusCode.NoContent, found: false);

        var answer = await SendAsync(client, server);

        Assert.Equal(BatchOutcome.NotFound, OutcomeClassifier.Classify(answer));
        Assert.Equal(["GET"], server.Requests.Select(r => r.Method));
    }

    private static string MediaType(string contentType) => contentType.Split(';')[0].Trim();

    private static List<string> Names(JsonElement entity) => [.. entity.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal)];

    private static async Task<BatchResponse> SendAsync(string client, EntityServer server)
    {
        var target = AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System);
        using IBatchClient requests = client == "sdk"
            ? new SdkBatchClient(target, "mytable", Template, server, diagnostics: false, TimeProvider.System)
            : new WireBatchClient(target, "mytable", Template, server, TimeProvider.System);
        var sender = requests.CreateSender(TableOperation.ReadModifyWrite, WriteForm.Transaction);
        sender.Prepare(Keys, 1);
        return await sender.SendAsync(ClientRequestId, CancellationToken.None);
    }

    /// <summary>Answers a GET with the entity (and its ETag, in the header and the body, as the service does), or 404; a PUT with <paramref name="replace"/>.</summary>
    private sealed class EntityServer(HttpStatusCode replace, bool found = true) : HttpMessageHandler
    {
        public List<SeenRequest> Requests { get; } = [];

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Requests.Add(await SeenRequest.ReadAsync(request, cancellationToken));
            var answer = (request.Method.Method, found, replace) switch
            {
                ("GET", false, _) => Refusal(HttpStatusCode.NotFound, "ResourceNotFound", charge: 1),
                ("GET", true, _) => Answer(HttpStatusCode.OK, JsonSerializer.Serialize(new Dictionary<string, string> { ["odata.etag"] = ETag, ["PartitionKey"] = "pk", ["RowKey"] = "rk" }), charge: 1),
                (_, _, HttpStatusCode.PreconditionFailed) => Refusal(replace, "UpdateConditionNotSatisfied", charge: 10),
                _ => Answer(replace, null, charge: 10),
            };
            answer.RequestMessage = request;
            return answer;
        }

        private static HttpResponseMessage Refusal(HttpStatusCode status, string code, double charge)
        {
            var answer = Answer(status, $"{{\"odata.error\":{{\"code\":\"{code}\",\"message\":{{\"lang\":\"en-US\",\"value\":\"{code}\"}}}}}}", charge);
            answer.Headers.TryAddWithoutValidation("x-ms-error-code", code);
            return answer;
        }

        private static HttpResponseMessage Answer(HttpStatusCode status, string? json, double charge)
        {
            var answer = new HttpResponseMessage(status);
            if (json is not null)
            {
                answer.Content = new StringContent(json, Encoding.UTF8, "application/json");
            }

            answer.Headers.TryAddWithoutValidation("ETag", ETag);
            answer.Headers.TryAddWithoutValidation(ServiceHeaders.RequestChargeName, charge.ToString(System.Globalization.CultureInfo.InvariantCulture));
            return answer;
        }
    }
}
