using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Sockets;
using Microsoft.Extensions.Time.Testing;
using TableLoad.Engine;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Proxy;
using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>Single requests through the proxy in front of Azurite, checking each fault against what Azurite then holds.</summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class ProxyFaultTests(AzuriteFixture azurite)
{
    private static readonly EntityTemplate Template = EntityTemplate.Create(entitySize: 1024, properties: 8);

    [Fact]
    public async Task LoseAnswer_TheBatchIsCommitted_ButTheClientSeesANetworkFailure()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { LoseAnswerRate = 1 });
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var failure = await Assert.ThrowsAnyAsync<Exception>(() => SendBatchAsync(client, table, "lost", 10, CancellationToken.None));

        Assert.Equal(BatchOutcome.NetworkFailure, OutcomeClassifier.Classify(failure));
        Assert.Equal(new Dictionary<string, long> { ["lost"] = 10 }, await StoredEntities.CountByPartitionAsync(azurite, table));
        var stats = proxy.Stats;
        Assert.Equal(1, stats.LostAnswers);
        Assert.Equal(10, stats.LostAnswerEntities);
        Assert.Equal(10, stats.EntitiesForwarded);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task DelayAnswer_IsCommittedAtOnce_AndAnsweredAfterTheDelay()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { DelayAnswerRate = 1, DelayAnswer = TimeSpan.FromSeconds(1.5) });
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        // A client timeout shorter than the delay gives up, though the batch is stored.
        using (var timeout = new CancellationTokenSource(TimeSpan.FromMilliseconds(400)))
        {
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => SendBatchAsync(client, table, "early", 5, timeout.Token));
        }

        Assert.Equal(5, (await StoredEntities.CountByPartitionAsync(azurite, table))["early"]);

        var stopwatch = Stopwatch.StartNew();
        var answer = await SendBatchAsync(client, table, "patient", 5, CancellationToken.None);
        Assert.True(answer.Succeeded, $"status {answer.HttpStatus} {answer.ErrorCode}");
        Assert.True(stopwatch.Elapsed >= TimeSpan.FromSeconds(1.4), $"answered after {stopwatch.Elapsed}");
        Assert.Equal(2, proxy.Stats.DelayedAnswers);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task Latency_IsAddedToBatches_AndCounted()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Latency = Latency("300ms") });
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var stopwatch = Stopwatch.StartNew();
        var answer = await SendBatchAsync(client, table, "slow", 3, CancellationToken.None);

        Assert.True(answer.Succeeded);
        Assert.True(stopwatch.Elapsed >= TimeSpan.FromMilliseconds(290), $"answered after {stopwatch.Elapsed}");
        Assert.Equal(300, proxy.Stats.AddedLatencyMs, precision: 3);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task CosmosMode_SecondBatchOverTheLimit_Gets429WithRetryAfterUntilTheBucketRefills()
    {
        // The buckets fill on the test's clock: the second batch comes at the same instant as the first.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 11, 24, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 100, Cosmos = true }, time);
        using var client = proxy.Client();
        var table = await NewTableAsync(client);
        using var http = new HttpClient();

        using var first = await SendRawBatchAsync(http, client, table, "hot", 100);
        using var second = await SendRawBatchAsync(http, client, table, "hot", 100);

        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        Assert.Equal((HttpStatusCode)429, second.StatusCode);
        Assert.Equal("TooManyRequests", Header(second, "x-ms-error-code"));
        // A full second's refill of 100 entities a second.
        var retryAfter = long.Parse(Header(second, "x-ms-retry-after-ms")!, System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(1000, retryAfter);
        Assert.True(Guid.TryParse(Header(second, "x-ms-request-id"), out _));
        Assert.Equal(WireBatchClient.ServiceVersion, Header(second, "x-ms-version"));
        Assert.NotNull(second.Headers.Date);
        Assert.True(second.Content.Headers.NonValidated.TryGetValues("Content-Type", out var contentType));
        Assert.Equal(ThrottleAnswer.ContentType, contentType.ToString());
        var (code, _, _) = BatchResponseParser.ReadError(await second.Content.ReadAsByteArrayAsync());
        Assert.Equal("TooManyRequests", code);

        // A millisecond before the wait is over the bucket is still short; at its end it is full again.
        time.Advance(TimeSpan.FromMilliseconds(retryAfter - 1));
        using var early = await SendRawBatchAsync(http, client, table, "hot", 100);
        Assert.Equal((HttpStatusCode)429, early.StatusCode);
        time.Advance(TimeSpan.FromMilliseconds(1));
        using var third = await SendRawBatchAsync(http, client, table, "hot", 100);
        Assert.Equal(HttpStatusCode.Accepted, third.StatusCode);
        Assert.Equal(200, (await StoredEntities.CountByPartitionAsync(azurite, table))["hot"]);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task AccountLimit_ThrottlesAcrossPartitions()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1000, AccountLimit = 150 });
        using var client = proxy.Client();
        var table = await NewTableAsync(client);

        var first = await SendBatchAsync(client, table, "p1", 100, CancellationToken.None);
        var second = await SendBatchAsync(client, table, "p2", 100, CancellationToken.None);

        Assert.True(first.Succeeded);
        Assert.Equal(BatchOutcome.ServerBusy, OutcomeClassifier.Classify(second));
        Assert.Equal(1, proxy.Stats.ThrottledByLimit.Account);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task PartitionLimit_IsPerTableAndPartitionKey()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 100 });
        using var client = proxy.Client();
        var table = await NewTableAsync(client);
        var other = await NewTableAsync(client);

        var first = await SendBatchAsync(client, table, "p1", 100, CancellationToken.None);
        var otherKey = await SendBatchAsync(client, table, "p2", 100, CancellationToken.None);
        var otherTable = await SendBatchAsync(client, other, "p1", 100, CancellationToken.None);
        var again = await SendBatchAsync(client, table, "p1", 100, CancellationToken.None, rowStem: "again");

        Assert.True(first.Succeeded && otherKey.Succeeded && otherTable.Succeeded);
        Assert.Equal(BatchOutcome.ServerBusy, OutcomeClassifier.Classify(again));
        Assert.Equal(new ThrottledCounts(1, 0, 0), proxy.Stats.Throttled);
        Assert.Equal(100, proxy.Stats.ThrottledEntities);
        await client.DeleteTableAsync(table, CancellationToken.None);
        await client.DeleteTableAsync(other, CancellationToken.None);
    }

    [Fact]
    public async Task SingleInsert_CountsOneEntity_AndIsThrottledLikeABatch()
    {
        // Two entities a second on a clock that stands still: on the system's, a third insert half a second late found a token.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 12, 7, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 2 }, time);
        using var client = proxy.Client();
        var table = await NewTableAsync(client);
        using var http = new HttpClient();

        using var first = await SendRawInsertAsync(http, client, table, "solo", "r1");
        using var second = await SendRawInsertAsync(http, client, table, "solo", "r2");
        using var third = await SendRawInsertAsync(http, client, table, "solo", "r3");

        Assert.Equal(HttpStatusCode.NoContent, first.StatusCode);
        Assert.Equal(HttpStatusCode.NoContent, second.StatusCode);
        Assert.Equal(HttpStatusCode.ServiceUnavailable, third.StatusCode);
        Assert.Equal("ServerBusy", Header(third, "x-ms-error-code"));
        var stats = proxy.Stats;
        Assert.Equal(3, stats.SingleWrites);
        Assert.Equal(2, stats.EntitiesForwarded);
        Assert.Equal(2, (await StoredEntities.CountByPartitionAsync(azurite, table))["solo"]);
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task TableOperationsPassUntouched_AndReadsGetLatencyButNoConnectionFault_WithEveryFaultOn()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { ResetRate = 1, Latency = Latency("50ms") });
        using var client = proxy.Client();
        using var direct = StoredEntities.Client(azurite);
        var table = StoredEntities.NewTableName("pass");

        Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
        Assert.True((await SendBatchAsync(direct, table, "k", 7, CancellationToken.None)).Succeeded);
        var counted = await client.CountByPartitionAsync(table, CancellationToken.None);
        var nonce = await client.GetPropertyAsync(table, "k", "row003", EntityTemplate.NonceProperty, CancellationToken.None);
        await client.DeleteTableAsync(table, CancellationToken.None);

        Assert.Equal(7, counted["k"]);
        Assert.Equal("nonce-1", nonce);
        Assert.True(await direct.CreateTableAsync(table, CancellationToken.None), "the delete through the proxy should have removed the table");
        await direct.DeleteTableAsync(table, CancellationToken.None);
        var stats = proxy.Stats;
        Assert.Equal(2, stats.PassedThrough);
        Assert.Equal(1, stats.Queries);
        Assert.Equal(7, stats.QueryEntities);
        Assert.Equal(1, stats.PointReadsFound);
        Assert.Equal(4, stats.Forwarded);
        Assert.Equal(0, stats.Resets + stats.Throttled.Total);
        Assert.Equal(100, stats.AddedLatencyMs, precision: 3); // the query's and the point read's, not the table calls'
    }

    [Fact]
    public async Task StatsEndpoint_ServesTheCountersAsSnakeCaseJson()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Seed = 99 });
        using var http = new HttpClient();

        using var response = await http.GetAsync(new Uri($"http://127.0.0.1:{proxy.Port}/_proxy/stats"));
        var body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(99, ProxyStats.FromJson(body)!.Seed);
        Assert.Contains("\"entities_forwarded\":0", body, StringComparison.Ordinal);
        Assert.Equal(0, proxy.Stats.Requests);
    }

    [Fact]
    public async Task TargetDown_AnswersBadGateway_AndCountsIt()
    {
        await using var proxy = await InProcessProxy.StartAsync(new Uri($"http://127.0.0.1:{ClosedPort()}"));
        using var client = proxy.Client();

        var answer = await SendBatchAsync(client, "nowhere", "p", 1, CancellationToken.None);

        Assert.Equal(502, answer.HttpStatus);
        Assert.Equal(1, proxy.Stats.TargetFailures);
    }

    private static async Task<string> NewTableAsync(TableTestClient client)
    {
        var table = StoredEntities.NewTableName("proxy");
        Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
        return table;
    }

    private static Task<BatchResponse> SendBatchAsync(
        TableTestClient client, string table, string partitionKey, int count, CancellationToken cancellationToken, string rowStem = "row")
    {
        var body = new BatchBodyWriter(Template, client.TableUrl(table)).Write(partitionKey, rowStem, "nonce-1", count).ToArray();
        return client.SendBatchAsync(body, cancellationToken);
    }

    private static Task<HttpResponseMessage> SendRawBatchAsync(HttpClient http, TableTestClient client, string table, string partitionKey, int count) =>
        RawTableRequests.SendBatchAsync(http, client, Template, table, partitionKey, count);

    private static async Task<HttpResponseMessage> SendRawInsertAsync(HttpClient http, TableTestClient client, string table, string partitionKey, string rowKey)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, client.TableUrl(table))
        {
            Content = new StringContent($"{{\"PartitionKey\":\"{partitionKey}\",\"RowKey\":\"{rowKey}\"}}")
            {
                Headers = { ContentType = MediaTypeHeaderValue.Parse("application/json") },
            },
        };
        AddServiceHeaders(request);
        request.Headers.TryAddWithoutValidation("Prefer", "return-no-content");
        client.Target.Authorizer.Authorize(request);
        return await http.SendAsync(request);
    }

    private static void AddServiceHeaders(HttpRequestMessage request) => RawTableRequests.AddServiceHeaders(request);

    private static string? Header(HttpResponseMessage response, string name) => RawTableRequests.Header(response, name);

    private static LatencyDistribution Latency(string text) =>
        LatencyDistribution.TryParse(text, out var latency) ? latency : throw new ArgumentException(text, nameof(text));

    private static int ClosedPort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }
}
