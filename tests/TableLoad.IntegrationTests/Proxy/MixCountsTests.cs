using TableLoad.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>What a --mix run reports for each operation equals what the proxy in front of Azurite saw of that kind of request.</summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class MixCountsTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-mixcounts-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Mix_EachOperationsCounts_AreTheProxysCountsOfItsRequests(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--mix", "read:40,query:20,upsert-replace:20,insert:20", "--key-space", "30", "--preload", "--batch-size", "5",
             "--query-length", "2..8", "--page-size", "3", "--tasks", "2", "--batches", "60", "--warmup", "0s", "--quiet", "--output", _output], proxy.ConnectionString);
        log.WriteLine(stdout + stderr);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var stats = proxy.Stats;
        var (read, query, upsert, insert) = (summary.Operations["read"], summary.Operations["query"], summary.Operations["upsert-replace"], summary.Operations["insert"]);
        // The reads draw only keys written, the inserted among them: every one found.
        Assert.Equal((stats.PointReads, stats.PointReadsFound, stats.PointReadsNotFound), (read.Requests, read.Requests, 0L));
        Assert.Equal(read.Requests, read.Outcomes["succeeded"]);
        Assert.Equal((stats.Queries, stats.QueryEntities), (summary.QueryPages, query.Entities));
        Assert.Equal(stats.Batches, summary.Preload!.Batches + upsert.Requests + insert.Requests);
        Assert.Equal(stats.EntitiesForwarded, summary.Preload.Entities + upsert.Entities + insert.Entities);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
