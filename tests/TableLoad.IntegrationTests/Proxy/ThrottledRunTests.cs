using System.Diagnostics;
using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using Microsoft.Extensions.Time.Testing;
using Xunit.Abstractions;
using TableLoad.Measurement;
using TableLoad.Proxy;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// Real TableLoad runs (the built program, as a user runs it) through the proxy in front of Azurite:
/// what TableLoad's summary reports equals what the proxy did, and --verify still matches.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class ThrottledRunTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    // Far below what 8 tasks of 100-entity batches send at any machine speed: their first batches alone go over its bucket.
    private const int PartitionLimit = 200;
    // A run the proxy paces (its limit, its latency, an open model's rate) for as long as a test needs it.
    private static readonly string[] FourSeconds = ["--duration", "4s"];

    // A run that only counts ends after its batches at any machine speed, with the minute as a cap: a closed model held for
    // seconds against a throttling proxy spends both cores on refused batches that prove nothing more.
    private static readonly string[] FortyBatches = ["--batches", "40", "--duration", "1m"];

    private readonly string _output = Directory.CreateTempSubdirectory("tableload-proxy-run-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task PartitionLimit_LoadAboveIt_ServerBusyCountsEqualTheProxys_AndVerifyMatches(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });

        var stopwatch = Stopwatch.StartNew();
        var (summary, stdout) = await RunThroughAsync(proxy, client, span: FortyBatches);
        var stats = proxy.Stats;

        var outcomes = summary.Outcomes;
        Assert.True(stats.Throttled.ServerBusy > 0, "the load should have gone over the partition limit");
        Assert.Equal(stats.Throttled.ServerBusy, outcomes["server_busy"]);
        Assert.Equal(0, stats.Throttled.OperationTimedOut + stats.Throttled.TooManyRequests);
        Assert.Equal(stats.Batches - stats.Throttled.Total, outcomes["succeeded"]);
        Assert.Equal(stats.EntitiesForwarded, summary.EntitiesSucceeded);
        Assert.Equal(stats.ThrottledEntities, summary.EntitiesFailed);
        Assert.Equal(0, stats.ThrottledByLimit.Account);
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);

        // A bucket of one second's worth, refilled at the limit, over the proxy's lifetime.
        Assert.InRange(stats.EntitiesForwarded, 1, PartitionLimit * (stopwatch.Elapsed.TotalSeconds + 1));
    }

    [Fact]
    public async Task PartitionLimit_WithAWarmup_ProxysThrottledCountsEqualMeasuredPlusWarmupOutcomes()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });

        // Ten batches a second asked of a partition that takes two: the warm-up's batches are throttled at any machine speed,
        // as a closed model's are, without its refused batches keeping both cores busy.
        var (summary, stdout) = await RunThroughAsync(proxy, warmup: "2s", more: ["--rate", "1000"]);
        var stats = proxy.Stats;

        Assert.True(summary.Warmup.Outcomes["server_busy"] > 0, "the warm-up should have been throttled too");
        Assert.Equal(stats.Throttled.ServerBusy, summary.Outcomes["server_busy"] + summary.Warmup.Outcomes["server_busy"]);
        Assert.Equal(stats.Batches, summary.Outcomes.Values.Sum() + summary.Warmup.Outcomes.Values.Sum());
        Assert.Equal(summary.Warmup.Batches, summary.Warmup.Outcomes.Values.Sum());
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TimeoutShareOne_AllThrottledBatchesAreOperationTimedOut()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit, TimeoutShare = 1 });

        var (summary, stdout) = await RunThroughAsync(proxy, span: FortyBatches);
        var stats = proxy.Stats;

        var outcomes = summary.Outcomes;
        Assert.True(stats.Throttled.OperationTimedOut > 0);
        Assert.Equal(stats.Throttled.OperationTimedOut, outcomes["operation_timed_out"]);
        Assert.Equal(0, outcomes["server_busy"]);
        Assert.Equal(0, stats.Throttled.ServerBusy);
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task CosmosMode_ThrottledBatchesAreTooManyRequests(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit, Cosmos = true });

        var (summary, stdout) = await RunThroughAsync(proxy, client, span: FortyBatches);
        var stats = proxy.Stats;

        var outcomes = summary.Outcomes;
        Assert.True(stats.Throttled.TooManyRequests > 0);
        Assert.Equal(stats.Throttled.TooManyRequests, outcomes["too_many_requests"]);
        Assert.Equal(0, outcomes["server_busy"] + outcomes["operation_timed_out"]);
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ConnectionResetsAtTwentyPercent_AreNetworkFailures_TheRunCompletes_AndVerifyMatches(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, ResetRate = 0.2, Seed = 7 });

        // The n-th batch's draw is the seed's, so 500 batches meet the same resets at any machine speed, enough for the share's bounds.
        var (summary, stdout) = await RunThroughAsync(proxy, client, span: ["--batches", "500", "--duration", "1m"], more: ["--batch-size", "10"]);
        var stats = proxy.Stats;

        var outcomes = summary.Outcomes;
        Assert.True(stats.Resets > 0);
        Assert.Equal(stats.Resets, outcomes["network_failure"]);
        // Four standard errors of a 20% share over the batches sent: a busy machine sends fewer, and the share strays further.
        var tolerance = 4 * Math.Sqrt(0.2 * 0.8 / stats.Batches);
        Assert.InRange(stats.Resets / (double)stats.Batches, 0.2 - tolerance, 0.2 + tolerance);
        Assert.Equal(stats.Batches - stats.Resets, outcomes["succeeded"]);
        Assert.Equal("complete", summary.Status.ToSnakeCase());
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task EveryBatchReset_TableCreateAndDeletePassUntouched_AndReadsAreNotReset()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { ResetRate = 1, PartitionLimit = 1 });

        // A batch for each task: every read-back waits out the partition's one entity a second, so more batches only take longer.
        var (summary, stdout) = await RunThroughAsync(proxy, span: ["--batches", "8", "--duration", "1m"]);
        var stats = proxy.Stats;

        var outcomes = summary.Outcomes;
        Assert.Equal(0, outcomes["succeeded"]);
        Assert.Equal(stats.Batches, outcomes["network_failure"]);
        Assert.Equal(stats.Batches, stats.Resets);

        // Each reset batch is read back (a point read of its partition), which the partition's one entity a second
        // throttles but never resets; create table and delete table pass through; verify's query is counted and forwarded.
        var answeredReads = stats.PointReadsFound + stats.PointReadsNotFound;
        Assert.Equal(stats.PointReads, answeredReads + stats.Throttled.Total);
        Assert.Equal(stats.Throttled.Total, stats.ThrottledByLimit.Partition);
        Assert.True(stats.PassedThrough >= 2, $"passed through: {stats.PassedThrough}");
        Assert.True(stats.Queries >= 1, $"queries: {stats.Queries}");
        Assert.Equal(stats.PassedThrough + stats.Queries + answeredReads, stats.Forwarded);
        Assert.Contains("stored 0 entities: matches", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ALostAnswer_WhoseReadBackIsThrottled_IsReadBackAgain_AndCountsAsStored()
    {
        // One entity a second on the test's clock, which stands still until the read-back has met the throttle: the batch of
        // one takes the partition's token, its answer is lost, and the read-back finds the partition throttled however late
        // it comes (on the system's clock a loaded machine's read-back came after the second had refilled it). Once the clock
        // moves a second, the read-back asked again finds the batch stored. A read-back that gave up at the throttle left it
        // failed, and --verify found 1 against 0.
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 12, 7, 12, 0, 0, TimeSpan.Zero));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { LoseAnswerRate = 1, PartitionLimit = 1 }, time);

        using var run = TableLoadProcess.Start(
            ["run", "--batch-size", "1", "--tasks", "1", "--batches", "1", "--timeout", "200ms", "--warmup", "0s", "--verify", "--quiet", "--output", _output],
            proxy.ConnectionString);
        await run.WaitUntilAsync(() => proxy.Stats.ThrottledByLimit.Partition >= 1, "met the throttle on its read-back", TimeSpan.FromMinutes(2));
        time.Advance(TimeSpan.FromSeconds(1));
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromMinutes(2));

        Assert.True(exitCode == 0, $"exit code {exitCode}: {run.StandardOutput} {run.StandardError}");
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal((1L, 1L), (summary.Outcomes["succeeded"], summary.VerifiedByRead));
        Assert.Equal(1, proxy.Stats.LostAnswers);
        Assert.Contains("stored 1 entities: matches", run.StandardOutput, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task CosmosModeWithRetries_EveryThrottledAttemptIsEitherRetriedOrTheBatchsOutcome(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit, Cosmos = true });

        var (summary, stdout) = await RunThroughAsync(proxy, client, retries: 3, span: FortyBatches);
        var stats = proxy.Stats;

        Assert.True(stats.Throttled.TooManyRequests > 0);
        Assert.True(summary.Retries > 0);
        Assert.Equal(
            stats.Throttled.TooManyRequests,
            summary.Retries + summary.Outcomes["too_many_requests"]);
        Assert.Equal(stats.EntitiesForwarded, summary.EntitiesSucceeded);
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task LostAnswersAtTenPercentWithRetries_NoEntityIsDoubleCountedOrLost(string client)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, LoseAnswerRate = 0.1, Seed = 5 });

        var (summary, stdout) = await RunThroughAsync(proxy, client, retries: 3, span: FortyBatches);
        var stats = proxy.Stats;

        // Every entity the target committed, lost answers included, is reported once as succeeded.
        Assert.True(stats.LostAnswers > 0);
        Assert.Equal(stats.EntitiesForwarded, summary.EntitiesSucceeded);
        Assert.True(summary.VerifiedByRead > 0, "the ambiguous batches should be settled by reading them back");
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task CosmosRetryAfter_IsWaitedOut_EveryBatchSucceeds_AndEach429IsOneOfTheRunsRetries(string client)
    {
        // Two tasks against one batch a second: their first batches go at once, however slow the machine (one of 100 entities
        // once took 2.4 s, so a single task's next came after the refill), and each batch over the limit is refused with
        // x-ms-retry-after-ms of up to a second; waited out, the retry succeeds. How many 429s a batch meets on the way is the machine's timing (a busy machine's
        // batch now and then meets a second one), so no share per batch is asserted: the exact wait is the unit test
        // BatchPipelineFactoryTests.Retry_WaitsWhatTheServiceAskedFor_InRetryAfter's, on a fake clock. What holds at any
        // speed is that every 429 the proxy answered is a retry the run counted, and that no batch ended refused.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 100, Cosmos = true });

        var (summary, stdout) = await RunThroughAsync(proxy, client, retries: 5, tasks: 2);
        var stats = proxy.Stats;

        Assert.True(stats.Throttled.TooManyRequests > 0, "the proxy refused no batch, so no wait was asked for");
        Assert.Equal(0, summary.Outcomes["too_many_requests"]);
        Assert.Equal(stats.Throttled.TooManyRequests, summary.Retries);
        Assert.Equal(stats.Batches - stats.Throttled.TooManyRequests, summary.Outcomes["succeeded"]);
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk", "upsert-replace")]
    [InlineData("wire", "upsert-merge")]
    public async Task PartitionLimit_UpsertsOverAKeySpace_CountAsInserts_ServerBusyCountsEqualTheProxys_AndVerifyMatches(string client, string operation)
    {
        // A limit of one batch a second, with a bucket of one: two tasks' first batches go over it at once, and the proxy's
        // refill lets some 5 batches through in the 4 s, more than the two tasks' one batch of keys each (a key space of one
        // batch), so keys are rewritten at any machine speed. The pacing is the proxy's, not the machine's: three batches a
        // second asked keep the partition over its limit without a closed model's refused batches busying both cores.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 100 });

        var (summary, stdout) = await RunThroughAsync(proxy, client, tasks: 2, more: ["--operation", operation, "--key-space", "100", "--rate", "300"]);
        var stats = proxy.Stats;

        Assert.True(stats.Throttled.ServerBusy > 0, "the upserts should have gone over the partition limit as inserts do");
        Assert.Equal(stats.Throttled.ServerBusy, summary.Outcomes["server_busy"]);
        Assert.Equal(stats.Batches - stats.Throttled.Total, summary.Outcomes["succeeded"]);
        Assert.Equal(stats.EntitiesForwarded, summary.EntitiesSucceeded);
        Assert.Equal(stats.ThrottledEntities, summary.EntitiesFailed);
        Assert.True(summary.KeysWritten < summary.EntitiesSucceeded, "the tasks should have rewritten their keys");
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk", "upsert-merge")]
    [InlineData("wire", "upsert-replace")]
    public async Task LostAnswersOfUpsertsOverAKeySpace_AreSettledByTheirOwnNonce_NoEntityIsDoubleCountedOrLost(string client, string operation)
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, LoseAnswerRate = 0.1, Seed = 5 });

        // No retries: a retried upsert writes again and succeeds, so only a read-back can tell whether a lost answer's write landed.
        var (summary, stdout) = await RunThroughAsync(proxy, client, span: FortyBatches, more: ["--operation", operation, "--key-space", "200"]);
        var stats = proxy.Stats;

        Assert.True(stats.LostAnswers > 0);
        Assert.True(summary.VerifiedByRead > 0, "the lost answers should be settled by reading the batch's nonce back");
        Assert.Equal(stats.EntitiesForwarded, summary.EntitiesSucceeded);
        Assert.Contains("entities: matches", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task OpenModel_HeldBackByThrottling_IsNotClientSaturation_TheLastLineNamesTheThrottling()
    {
        // Ten 100-entity batches a second asked of a partition that takes one: two tasks' first batches go at once however slow the
        // machine, and every task then waits out its 429s' retry-after, so batches start late held back by the proxy's limit, not the client.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 100, Cosmos = true });

        var (summary, stdout) = await RunThroughAsync(proxy, "wire", retries: 5, tasks: 2, more: ["--rate", "1000"]);

        var batches = summary.Outcomes.Values.Sum();
        Assert.True(summary.LateBatches > batches / 100, $"{summary.LateBatches} of {batches} batches started late");
        Assert.True(summary.Throttling!.ByLimit.Values.Sum() > batches / 100, "the proxy should have throttled the run");
        AssertLateStartNamed(summary, stdout, $"{summary.LateBatches} of {batches} batches started more than one interval late (over 1%), held back by throttling: ");
    }

    [Fact]
    public async Task OpenModel_HeldBackByTheRateAgainstSlowAnswers_IsNotClientSaturation_TheLastLineNamesTheRateAndTheTasks()
    {
        // Two tasks whose every answer takes 300 ms start at most some 7 batches a second, of the 200 asked: late at any machine speed, unthrottled.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, Latency = LatencyOf("300ms") });

        var (summary, stdout) = await RunThroughAsync(proxy, "wire", tasks: 2, more: ["--rate", "200", "--batch-size", "1"]);

        var batches = summary.Outcomes.Values.Sum();
        Assert.True(summary.LateBatches > batches / 100, $"{summary.LateBatches} of {batches} batches started late");
        Assert.Equal(0, summary.Throttling?.ByLimit.Values.Sum() ?? 0);
        AssertLateStartNamed(
            summary, stdout, $"{summary.LateBatches} of {batches} batches started more than one interval late (over 1%), held back by --rate 200 e/s against the service's answers: 2 tasks in all, ");
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    /// <summary>Late batches are the client's only beside a shortage of its own (CPU, GC, threads); else the last line names what held them.</summary>
    private static void AssertLateStartNamed(RunSummary summary, string stdout, string named)
    {
        Assert.DoesNotContain("add tasks or processes", stdout, StringComparison.Ordinal);
        if (summary.Client.SaturationReasons.Count == 0)
        {
            Assert.Contains($"client not saturated; {named}", stdout, StringComparison.Ordinal);
            Assert.Equal(named, summary.Client.LateStart.Single()[..named.Length]);
        }
        else
        {
            Assert.Contains("held back by the client's shortage above.", stdout, StringComparison.Ordinal);
            Assert.Empty(summary.Client.LateStart);
        }
    }

    private static LatencyDistribution LatencyOf(string text) => LatencyDistribution.TryParse(text, out var latency) ? latency : throw new ArgumentException(text);

    private async Task<(RunSummary Summary, string Stdout)> RunThroughAsync(
        InProcessProxy proxy, string client = "sdk", int retries = 0, string warmup = "0s", int tasks = 8, string[]? span = null, params string[] more)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, .. span ?? FourSeconds, "--warmup", warmup, "--tasks", tasks.ToString(CultureInfo.InvariantCulture),
             "--retries", retries.ToString(CultureInfo.InvariantCulture), "--verify", "--quiet", "--output", _output, .. more],
            proxy.ConnectionString);
        log.WriteLine(stdout);
        log.WriteLine(stderr);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal(warmup == "0s", summary.Warmup.Batches == 0);
        return (summary, stdout);
    }
}
