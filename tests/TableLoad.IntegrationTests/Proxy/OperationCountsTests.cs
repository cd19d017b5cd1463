using Azure.Data.Tables;
using Microsoft.Extensions.Time.Testing;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Workload;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>What a run of reads, queries or deletes reports equals what the proxy in front of Azurite saw, with both clients.</summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class OperationCountsTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-opcounts-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Reads_FoundAndNotFound_AreTheProxysPointReads(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        // Without --verify the run reads nothing but its reads: every point read the proxy saw is one of them.
        var summary = await RunThroughAsync(proxy, client, "--operation", "read", "--key-space", "30", "--preload", "--batches", "40");
        var stats = proxy.Stats;

        Assert.Equal(stats.PointReadsFound, summary.Outcomes["succeeded"]);
        Assert.Equal(stats.PointReadsNotFound, summary.Outcomes["not_found"]);
        Assert.Equal(40, stats.PointReads);
        Assert.Equal(stats.EntitiesForwarded, summary.Preload!.Entities);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Queries_PagesAndEntities_AreTheProxysQueryPagesAndEntities(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        var summary = await RunThroughAsync(proxy, client, "--operation", "query", "--key-space", "60", "--preload", "--query-length", "25", "--page-size", "10", "--batches", "10");
        var stats = proxy.Stats;

        Assert.Equal(stats.Queries, summary.QueryPages);
        Assert.Equal(stats.QueryEntities, summary.Operations["query"].Entities);
        Assert.True(summary.QueryPages > 10, $"{summary.QueryPages} pages for 10 queries of up to 25 entities in pages of 10");
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Deletes_AreTheProxysDeleteSubRequests(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        var summary = await RunThroughAsync(proxy, client, "--operation", "delete", "--key-space", "40", "--batch-size", "10", "--preload", "--duration", "60s");
        var stats = proxy.Stats;

        Assert.Equal((80, 80), (summary.KeysDeleted, stats.DeletesForwarded));
        Assert.Equal(summary.Preload!.Entities, stats.EntitiesForwarded);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ReadModifyWrites_AreTheProxysPointReadsAndSingleReplaces(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        var summary = await RunThroughAsync(proxy, client, "--operation", "read-modify-write", "--key-space", "30", "--preload", "--batches", "40");
        var stats = proxy.Stats;

        Assert.Equal((40L, 0L), (summary.Outcomes["succeeded"], summary.Outcomes["conflict"]));
        Assert.Equal((40, 40), (stats.PointReads, stats.PointReadsFound));
        Assert.Equal((40, 0), (stats.SingleWrites, stats.PreconditionFailed));
        Assert.Equal(summary.Preload!.Entities + 40, stats.EntitiesForwarded);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ReadModifyWrites_OverThePartitionsLimit_AreThrottled_AsTheProxyThrottledTheirReadsAndReplaces(string client)
    {
        // One entity a second on a clock that stands still: the first read spends it, and every later read or replace is refused
        // at any speed (on the system's clock a machine slower than a request a second was refused nothing).
        // The keys are stored beforehand, not preloaded through the proxy, whose limit would refuse the preload too.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 12, 7, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1 }, time);
        var table = StoredEntities.NewTableName("rmwlimit");
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table));
        var direct = new TableClient(azurite.ConnectionString, table);
        foreach (var task in new[] { 0, 1 })
        {
            await direct.AddEntityAsync(new TableEntity("th", RowKeys.CycleStem("th", 0, 0, task) + "00000000"));
        }

        var summary = await RunThroughAsync(proxy, client, "--operation", "read-modify-write", "--key-space", "1", "--key-prefix", "th", "--partitions", "single",
            "--table", table, "--allow-existing-table", "--batches", "20");
        var stats = proxy.Stats;

        // Without retries each request ends at its first refusal: the run's throttled requests are the proxy's refusals.
        Assert.True(stats.ThrottledByLimit.Partition > 0, stats.ToJson());
        Assert.Equal(stats.Throttled.Total, summary.Outcomes["server_busy"] + summary.Outcomes["operation_timed_out"] + summary.Outcomes["too_many_requests"]);
        // Every read the proxy let through was followed by its replace; each request that did not succeed was refused once, its read or its replace.
        Assert.Equal((20, stats.PointReadsFound), (stats.PointReads, stats.SingleWrites));
        Assert.Equal(20 - summary.Outcomes["succeeded"], stats.Throttled.Total);
    }

    [Fact]
    public async Task ReadModifyWrites_InCosmosMode_CostWhatTheProxyChargedTheirReadsAndReplaces()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { RequestUnits = 1e6, Cosmos = true });

        var summary = await RunThroughAsync(proxy, "wire", "--operation", "read-modify-write", "--key-space", "30", "--preload", "--batches", "20");
        var charged = proxy.Stats.RequestUnitsByRequest;

        // The preload's batches are charged apart (and outside the run's figures); each request is a point read and a replace.
        Assert.True(charged.PointReads > 0 && charged.SingleWrites > charged.PointReads, proxy.Stats.ToJson());
        Assert.Equal(charged.PointReads + charged.SingleWrites, summary.RequestUnits!.Total, 6);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private async Task<TableLoad.Measurement.RunSummary> RunThroughAsync(InProcessProxy proxy, string client, params string[] options)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--tasks", "2", "--warmup", "0s", "--quiet", "--output", _output, .. options], proxy.ConnectionString);
        log.WriteLine(stdout + stderr);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());
        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        return new ResultFolder(_output).Summary;
    }
}
