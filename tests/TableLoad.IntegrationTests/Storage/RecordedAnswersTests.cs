using Microsoft.Extensions.Time.Testing;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Storage;
using TableLoad.Storage.Sdk;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Storage;

/// <summary>
/// Each batch answer the unit tests replay is a real one: sent now through the SDK to Azurite or the proxy,
/// the live answer gives the same classified result as its recording. With TABLELOAD_RECORD_ANSWERS=1 the
/// live answers are written over the recordings in the source tree.
/// </summary>
[Collection(AzuriteCollection.Name)]
public sealed class RecordedAnswersTests(AzuriteFixture azurite)
{
    private static readonly BatchIdentity Batch = new("pk", "row-", "nonce-1");

    [Theory]
    [InlineData("accepted")]
    [InlineData("entity-already-exists")]
    [InlineData("request-body-too-large")]
    [InlineData("server-busy")]
    [InlineData("operation-timed-out")]
    [InlineData("too-many-requests")]
    public async Task LiveAnswer_ClassifiesLikeItsRecording(string name)
    {
        var (live, answer) = await SendAsync(name);

        var path = Path.Combine(RecordedAnswer.SourceFolder(), name + ".http");
        if (Environment.GetEnvironmentVariable("TABLELOAD_RECORD_ANSWERS") == "1")
        {
            answer.Write(path);
        }

        var recorded = RecordedAnswer.Read(path);
        Assert.Equal(recorded.Status, answer.Status);
        var replayed = await ReplayAsync(recorded);
        // The wait, the request id and the message (which repeats the id and the time) differ from answer to answer.
        Assert.Equal(replayed with { RetryAfter = null, RequestId = null, ErrorMessage = null }, live with { RetryAfter = null, RequestId = null, ErrorMessage = null });
        Assert.Equal(replayed.RetryAfter is null, live.RetryAfter is null);
        Assert.Equal(replayed.RequestId is null, live.RequestId is null);
        Assert.Equal(FirstLine(replayed.ErrorMessage), FirstLine(live.ErrorMessage));
    }

    private static string? FirstLine(string? message) => message?.Split('\n')[0];

    private async Task<(BatchResponse Live, RecordedAnswer Answer)> SendAsync(string name)
    {
        var table = StoredEntities.NewTableName("rec");
        // A bucket of one entity a second admits the first batch of three when full, then throttles the next: on a clock that
        // stands still, since on the system's a machine slow enough to take three seconds would find it refilled.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 12, 7, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = name switch
        {
            "server-busy" => await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1 }, time),
            "operation-timed-out" => await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1, TimeoutShare = 1 }, time),
            "too-many-requests" => await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1, Cosmos = true }, time),
            _ => null,
        };
        var connectionString = proxy?.ConnectionString ?? azurite.ConnectionString;
        using (var tables = new TableTestClient(connectionString))
        {
            Assert.True(await tables.CreateTableAsync(table, CancellationToken.None));
        }

        // 100 entities of 60,000 bytes make a body over the 4 MiB a batch may hold.
        var (template, count) = name == "request-body-too-large" ? (EntityTemplate.Create(60_000, 1), 100) : (EntityTemplate.Create(64, 2), 3);
        var recorder = new RecordingHandler(HttpHandlerFactory.Create(2));
        using var client = new SdkBatchClient(AuthorizedTarget.For(ConnectionStringParser.Parse(connectionString), TimeProvider.System), table, template, recorder, diagnostics: false, TimeProvider.System);
        var sender = client.CreateSender(TableOperation.Insert, WriteForm.Transaction);
        sender.Prepare(Batch, count);
        if (proxy is not null || name == "entity-already-exists")
        {
            // The same batch twice: stored, then refused as a collision or throttled.
            await sender.SendAsync("client-request-id", CancellationToken.None);
        }

        var live = await sender.SendAsync("client-request-id", CancellationToken.None);
        return (live, recorder.Last ?? throw new InvalidOperationException("no answer was recorded"));
    }

    private static async Task<BatchResponse> ReplayAsync(RecordedAnswer answer)
    {
        using var client = new SdkBatchClient(AuthorizedTarget.For(ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString), TimeProvider.System), "replayed", EntityTemplate.Create(64, 2), new ReplayHandler(answer), diagnostics: false, TimeProvider.System);
        var sender = client.CreateSender(TableOperation.Insert, WriteForm.Transaction);
        sender.Prepare(Batch, 3);
        return await sender.SendAsync("client-request-id", CancellationToken.None);
    }

    /// <summary>Keeps the last answer as it came over the wire, and hands the client an identical copy.</summary>
    private sealed class RecordingHandler(HttpMessageHandler inner) : DelegatingHandler(inner)
    {
        public RecordedAnswer? Last { get; private set; }

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            using var response = await base.SendAsync(request, cancellationToken);
            Last = await RecordedAnswer.FromAsync(response);
            return Last.ToResponse();
        }
    }
}
