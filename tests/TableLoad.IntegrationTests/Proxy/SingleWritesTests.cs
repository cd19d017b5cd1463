using System.Text.Json.Nodes;
using Microsoft.Extensions.Time.Testing;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// <c>--batch-size none</c> through the proxy in front of Azurite, with both clients: every write or delete is a request of its own, so the
/// proxy's single writes and deletes are the run's requests and entities, it sees no <c>$batch</c> of the run's, and its throttles and Cosmos
/// charges per request are the run's; <c>--verify</c> finds what the run reported.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class SingleWritesTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-single-").FullName;

    public static TheoryData<string, string> WritesByClient => new()
    {
        { "sdk", "insert" }, { "wire", "insert" },
        { "sdk", "upsert-replace" }, { "wire", "upsert-replace" },
        { "sdk", "upsert-merge" }, { "wire", "upsert-merge" },
    };

    [Theory]
    [MemberData(nameof(WritesByClient))]
    public async Task Writes_AreTheProxysSingleWrites_OneEntityARequest_AndVerifyFindsThem(string client, string operation)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);
        // Upserts go round a key space, so later requests overwrite entities that exist; inserts write new keys.
        string[] keys = operation == "insert" ? [] : ["--key-space", "7"];

        var (summary, stdout) = await RunThroughAsync(proxy, client, ["--operation", operation, "--batch-size", "none", "--batches", "40", "--verify", .. keys]);
        var stats = proxy.Stats;

        Assert.Equal((0L, 40L, 40L), (stats.Batches, stats.SingleWrites, stats.EntitiesForwarded));
        Assert.Equal((40L, 40L, 40L), (summary.Operations[operation].Requests, summary.Operations[operation].Entities, summary.Outcomes["succeeded"]));
        Assert.Equal(40L, summary.EntitiesSucceeded);
        Assert.True(summary.Stored is { Matches: true }, stdout);
        Assert.Equal(operation == "insert" ? 40 : 2 * 7, summary.Stored!.Count);
        Assert.All(new ResultFolder(Folder(client, operation)).Csv("batches.csv"), r => Assert.Equal("1", r["entities"]));
        Assert.Contains($"single {(operation == "insert" ? "inserts" : operation)}", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Deletes_AreTheProxysSingleDeletes_EachKeyOnce_AndVerifyFindsThemGone(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        // The preload stores the keys in batches (not measured); the run deletes each of its 2 tasks' 20 keys by itself, then ends.
        var (summary, stdout) = await RunThroughAsync(proxy, client, ["--operation", "delete", "--batch-size", "none", "--key-space", "20", "--preload", "--duration", "60s", "--verify"]);
        var stats = proxy.Stats;

        Assert.Equal((40L, 40L, 40L), (summary.KeysDeleted, stats.SingleDeletes, stats.DeletesForwarded));
        Assert.Equal(summary.Preload!.Batches, stats.Batches);
        Assert.Equal((40L, 40L), (summary.Operations["delete"].Requests, summary.Outcomes["succeeded"]));
        Assert.True(summary.Stored is { Matches: true, Count: 0 }, stdout);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task OverThePartitionsLimit_TheRunsThrottledRequests_AreTheProxysRefusals(string client)
    {
        // One entity a second on a clock that stands still: the first request spends it and every later one is refused, at any speed.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 12, 8, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1 }, time);

        var (summary, _) = await RunThroughAsync(proxy, client, ["--operation", "upsert-replace", "--batch-size", "none", "--entity-size", "100", "--partitions", "single", "--batches", "20"]);
        var stats = proxy.Stats;

        // Without retries each request ends at its first answer: the run's throttled requests are the proxy's refusals, one entity each.
        Assert.Equal((0L, 20L), (stats.Batches, stats.SingleWrites));
        Assert.True(stats.Throttled.Total >= 19, stats.ToJson());
        Assert.Equal((stats.Throttled.Total, stats.Throttled.Total), (stats.ThrottledByLimit.Partition, stats.ThrottledEntities));
        Assert.Equal(stats.Throttled.Total, summary.Outcomes["server_busy"] + summary.Outcomes["operation_timed_out"] + summary.Outcomes["too_many_requests"]);
        Assert.Equal(stats.Throttled.Total, summary.Throttling!.ByLimit["partition_or_unnamed"]);
        Assert.Equal(20 - stats.Throttled.Total, summary.EntitiesSucceeded);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task LostAnswers_OfSingleInserts_AreSettledByReadingTheEntityBack_AndVerifyMatches(string client)
    {
        // The proxy forwards a third of the inserts and drops their answers: a retry then meets its own entity (409), which the read-back
        // of its nonce settles as stored.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { LoseAnswerRate = 0.3, Seed = 13 });

        var (summary, stdout) = await RunThroughAsync(proxy, client, ["--operation", "insert", "--batch-size", "none", "--batches", "40", "--retries", "2", "--timeout", "2s", "--verify"]);
        var stats = proxy.Stats;

        Assert.True(stats.LostAnswers > 0, stats.ToJson());
        Assert.Equal(0L, stats.Batches);
        Assert.True(summary.VerifiedByRead > 0, stdout);
        Assert.True(summary.Stored is { Matches: true }, stdout);
        Assert.Equal(summary.EntitiesSucceeded, summary.Stored!.Count);
    }

    [Theory]
    [InlineData("sdk", "upsert-merge")]
    [InlineData("wire", "insert")]
    public async Task InCosmosMode_EachRequestIsCharged_AndTheRunsUnitsAreTheProxysSingleWriteCharges(string client, string operation)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { RequestUnits = 1e6, Cosmos = true });

        var (summary, _) = await RunThroughAsync(proxy, client, ["--operation", operation, "--batch-size", "none", "--batches", "20"]);
        var charged = proxy.Stats.RequestUnitsByRequest;

        Assert.Equal((0.0, 20L), (charged.Batches, proxy.Stats.SingleWrites));
        Assert.True(charged.SingleWrites > 20, proxy.Stats.ToJson());
        Assert.Equal(charged.SingleWrites, summary.RequestUnits!.Total, 6);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task YcsbA_SendsPointReadsAndSingleUpserts_NoBatchOfItsOwn(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        var (summary, _) = await RunThroughAsync(proxy, client, ["--workload", "ycsb-a", "--key-space", "30", "--preload", "--batches", "60"]);
        var stats = proxy.Stats;

        // Only the preload, which is not the workload's, sends batches.
        Assert.Equal(summary.Preload!.Batches, stats.Batches);
        Assert.Equal((60L, summary.Operations["upsert-replace"].Requests), (stats.PointReads + stats.SingleWrites, stats.SingleWrites));
        Assert.True(stats.SingleWrites > 0, stats.ToJson());
        Assert.Equal(summary.Preload.Entities + stats.SingleWrites, stats.EntitiesForwarded);
    }

    [Fact]
    public async Task AMixWithSingleWrites_SendsEachOfItsWritesByItself_BesideItsReads()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);

        var (summary, _) = await RunThroughAsync(proxy, "wire",
            ["--mix", "read:50,upsert-merge:25,insert:25", "--batch-size", "none", "--key-space", "30", "--preload", "--batches", "80", "--verify"]);
        var stats = proxy.Stats;

        Assert.Equal(summary.Preload!.Batches, stats.Batches);
        Assert.Equal(summary.Operations["read"].Requests, stats.PointReads);
        Assert.Equal(summary.Operations["upsert-merge"].Requests + summary.Operations["insert"].Requests, stats.SingleWrites);
        Assert.Equal(summary.Operations["insert"].Requests, summary.Operations["insert"].Entities);
        Assert.True(summary.Stored is { Matches: true });
    }

    [Fact]
    public async Task AScenarioOfSingleWrites_BesideOneOfBatches_EachSendsItsOwnForm_AndRunJsonRecordsIt()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite);
        var profile = Path.Combine(_root, "scenarios.json");
        File.WriteAllText(profile, """
            {"scenarios": {
              "app": {"operation": "insert", "batch_size": "none", "tasks": 1, "batches": 12},
              "bulk": {"operation": "insert", "batch_size": 10, "tasks": 1, "batches": 3}}}
            """);

        var (summary, _) = await RunThroughAsync(proxy, "sdk", ["--config", profile, "--duration", "20s", "--verify"], tasks: []);
        var stats = proxy.Stats;

        Assert.Equal((3L, 12L, 12L + 30L), (stats.Batches, stats.SingleWrites, stats.EntitiesForwarded));
        Assert.Equal((12L, 12L), (summary.Scenarios!["app"].Requests, summary.Scenarios["app"].Entities));
        Assert.Equal((3L, 30L), (summary.Scenarios["bulk"].Requests, summary.Scenarios["bulk"].Entities));
        Assert.True(summary.Stored is { Matches: true, Count: 42 });
        var scenarios = JsonNode.Parse(File.ReadAllText(Path.Combine(Folder("sdk", "scenarios"), "run.json")))!["options"]!["scenarios"]!;
        Assert.Equal(("\"none\"", "10"), (scenarios["app"]!["batch_size"]!.ToJsonString(), scenarios["bulk"]!["batch_size"]!.ToJsonString()));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private string Folder(string client, string what) => Path.Combine(_root, $"{client}-{what}");

    private async Task<(RunSummary Summary, string Stdout)> RunThroughAsync(InProcessProxy proxy, string client, string[] options, string[]? tasks = null)
    {
        var what = options.SkipWhile(o => o is not ("--operation" or "--workload" or "--mix" or "--config")).Skip(1).FirstOrDefault() ?? "run";
        var output = Folder(client, options.Contains("--config") ? "scenarios" : what.Replace(':', '-').Replace(',', '-'));
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, .. tasks ?? ["--tasks", "2"], "--warmup", "0s", "--output", output, .. options], proxy.ConnectionString);
        log.WriteLine(stdout + stderr);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());
        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        return (new ResultFolder(output).Summary, stdout);
    }
}
