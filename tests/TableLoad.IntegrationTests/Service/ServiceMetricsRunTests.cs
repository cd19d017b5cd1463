using System.Globalization;
using System.Xml.Linq;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Proxy.Metrics;
using TableLoad.Reporting;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>
/// Runs with --service-metrics through the proxy in front of Azurite, the proxy emulating Azure Monitor's metrics: the service's
/// counts in summary.json equal the proxy's, reconcile with the client's, feed the gates, and every failure leaves the run standing.
/// </summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceMetricsRunTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    public const string Resource = $"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/tableload/providers/Microsoft.Storage/storageAccounts/{AzuriteFixture.AccountName}/tableServices/default";

    // Far below what 8 tasks of 100-entity batches send at any machine speed: their first batches alone go over its bucket.
    private const int PartitionLimit = 200;

    // Every assertion counts: twenty batches of 100 store more than a page of entities (the verify's) and overrun the partition limit,
    // and the run ends when they are done, at any machine speed, instead of saturating both cores for seconds that prove nothing more.
    private static readonly string[] TwentyBatches = ["--batches", "20", "--duration", "1m"];

    private readonly string _output = Directory.CreateTempSubdirectory("tableload-service-").FullName;

    [Fact]
    public async Task PartitionThrottling_ServiceCountsPerMinuteEqualTheProxys_ServerBusyEqualsTheClients_AndTheRestIsNamed()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });

        var (exitCode, stdout, _) = await RunAsync(proxy);
        var stats = proxy.Stats;

        Assert.Equal(0, exitCode);
        var summary = new ResultFolder(_output).Summary;
        var service = Assert.IsType<TableLoad.Measurement.Service.ServiceSummary>(summary.Service);
        Assert.Null(service.Unavailable);
        AssertMinutesAreTheProxys(service, stats);

        var clientServerBusy = service.Minutes.Sum(m => m.Client.GetValueOrDefault("server_busy"));
        Assert.True(stats.Throttled.ServerBusy > 0, "the load should have gone over the partition limit");
        Assert.Equal(stats.Throttled.ServerBusy, service.Transactions["ServerBusyError"]);
        Assert.Equal(summary.Outcomes["server_busy"], service.Transactions["ServerBusyError"]);
        Assert.Equal(clientServerBusy, service.Transactions["ServerBusyError"]);

        // Success beyond the client's succeeded is the table's creation, when it fell in the run's first minute: named in a sentence.
        var clientSucceeded = service.Minutes.Sum(m => m.Client.GetValueOrDefault("succeeded"));
        Assert.Equal(summary.Outcomes["succeeded"], clientSucceeded);
        Assert.Equal(service.ApiNames.GetValueOrDefault("CreateTable"), service.Transactions["Success"] - clientSucceeded);
        Assert.Contains(service.Reconciliation, s => s.StartsWith("matched:", StringComparison.Ordinal) && s.Contains("ServerBusyError", StringComparison.Ordinal));
        Assert.Equal(stats.Batches - stats.Throttled.Total, service.ApiNames["EntityGroupTransaction"] - service.Transactions["ServerBusyError"]);
        Assert.NotNull(service.ServerLatencyMs);
        Assert.NotNull(service.E2eLatencyMs);
        Assert.True(service.E2eLatencyMs!.Max >= service.ServerLatencyMs!.Max, "first byte in to last byte out holds the target's time");
        Assert.Contains("service (", stdout, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_output, "service-metrics.json")));
    }

    [Fact]
    public async Task WithVerify_TheCountsPagesAndTheTablesCreation_AreNamedAsTheRunsOwn_AndSuccessReconcilesExactly()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });

        var (exitCode, stdout, stderr) = await RunAsync(proxy, "--verify");

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        Assert.True(summary.Stored!.Count > 1000, "the load should have stored more entities than a page holds");
        var service = summary.Service!;
        Assert.Null(service.Unavailable);
        AssertMinutesAreTheProxys(service, proxy.Stats);
        // The verify's count reads every entity after the load, a page a thousand: more than one page, in the run's last minute.
        var count = Assert.Single(service.OwnCalls, c => c.Call == "count");
        Assert.Equal("succeeded", count.Outcome);
        Assert.True(count.Requests >= 2, $"{count.Requests} pages");
        var clientSucceeded = service.Minutes.Sum(m => m.Client.GetValueOrDefault("succeeded"));
        Assert.Equal(service.Transactions["Success"], clientSucceeded + service.OwnCalls.Where(c => c.Outcome == "succeeded").Sum(c => c.Requests));
        Assert.DoesNotContain(service.Reconciliation, s => s.Contains("answers lost on the way", StringComparison.Ordinal));
        var own = Assert.Single(service.Reconciliation, s => s.Contains("the run's own requests besides its load", StringComparison.Ordinal));
        Assert.Contains($"--verify's count (a request a page) {count.Requests}", own, StringComparison.Ordinal);
        Assert.Contains(service.Reconciliation, s => s.StartsWith("matched: Success", StringComparison.Ordinal));
        Assert.Contains("  " + own, stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task WithProcesses_TheWorkersReadBacks_AreNamedAsTheRunsOwn_AndSuccessReconcilesExactly()
    {
        // Every batch is stored and its answer lost, so the worker that sent it reads it back: a request the service counts, sent by a worker.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, LoseAnswerRate = 1 });

        var (exitCode, stdout, stderr) = await RunAsync(proxy, "--processes", "2");

        Assert.True(exitCode == 0, stderr);
        var service = new ResultFolder(_output).Summary.Service!;
        Assert.Null(service.Unavailable);
        AssertMinutesAreTheProxys(service, proxy.Stats);
        var readBacks = Assert.Single(service.OwnCalls, c => c.Call == "read_back");
        Assert.Equal("succeeded", readBacks.Outcome);
        Assert.Equal(proxy.Stats.PointReads, readBacks.Requests);
        var clientSucceeded = service.Minutes.Sum(m => m.Client.GetValueOrDefault("succeeded"));
        Assert.Equal(service.Transactions["Success"], clientSucceeded + service.OwnCalls.Where(c => c.Outcome == "succeeded").Sum(c => c.Requests));
        var own = Assert.Single(service.Reconciliation, s => s.Contains("the run's own requests besides its load", StringComparison.Ordinal));
        Assert.Contains("  " + own, stdout, StringComparison.Ordinal);
        Assert.Contains(service.Reconciliation, s => s.StartsWith("matched: Success", StringComparison.Ordinal));
    }

    [Fact]
    public async Task MetricsAndRequestLog_Together_EachStandsBesideTheOther_AndBothCountTheRunsThrottles()
    {
        var logPath = Path.Combine(Directory.CreateTempSubdirectory("tableload-service-log-").FullName, "log.json");
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit, ServiceLog = logPath });

        var (exitCode, _, stderr) = await RunAsync(proxy, "--service-log", logPath);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var service = Assert.IsType<TableLoad.Measurement.Service.ServiceSummary>(summary.Service);
        Assert.Null(service.Unavailable);
        var log = Assert.IsType<TableLoad.Measurement.Service.ServiceLogSummary>(service.Log);
        var requests = new ResultFolder(_output).Csv(ResultFiles.BatchesCsv).Count;
        Assert.Equal(requests, log.Joined);
        // Each throttled request is one ServerBusyError in the metrics and one record in the log, which the join found.
        Assert.True(service.Transactions["ServerBusyError"] > 0, "the load should have gone over the partition limit");
        Assert.Equal(summary.Outcomes["server_busy"], service.Transactions["ServerBusyError"]);
        Directory.Delete(Path.GetDirectoryName(logPath)!, recursive: true);
    }

    [Fact]
    public async Task ServiceGates_ThrottledOverItsBound_Exits99_AndFailsItsJunitCase()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });
        var junit = Path.Combine(_output, "..", Path.GetFileName(_output) + "-junit.xml");

        var (exitCode, stdout, _) = await RunAsync(proxy, "--fail-if", "service.throttled<0.1%,service.server_latency<1m", "--junit", junit);

        Assert.Equal(99, exitCode);
        Assert.Contains("threshold service.throttled<0.1%", stdout, StringComparison.Ordinal);
        var cases = XDocument.Load(junit).Root!.Element("testsuite")!.Elements("testcase").ToList();
        Assert.Equal(["service.throttled<0.1%", "service.server_latency<1m"], cases.Select(c => (string)c.Attribute("name")!));
        Assert.NotNull(cases[0].Element("failure"));
        Assert.Null(cases[1].Element("failure"));
        var thresholds = new ResultFolder(_output).Summary.Thresholds!;
        Assert.Equal([false, true], thresholds.Select(t => t.Passed));
        File.Delete(junit);
    }

    [Theory]
    [InlineData("forbidden", "Monitoring Reader")]
    [InlineData("not-found", "(404 ResourceNotFound")]
    [InlineData("overloaded", "still throttling (529) after 3 retries")]
    public async Task MetricsApiFault_TheRunStands_ServiceSaysWhy_AndAWarningToo(string faultName, string reason)
    {
        Assert.True(MetricsFaultNames.TryParse(faultName, out var fault));
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, MetricsFault = fault });

        var (exitCode, _, stderr) = await RunAsync(proxy);

        Assert.Equal(0, exitCode);
        var summary = new ResultFolder(_output).Summary;
        Assert.Contains(reason, summary.Service!.Unavailable, StringComparison.Ordinal);
        Assert.Empty(summary.Service.Minutes);
        Assert.Contains("The service's metrics are unavailable", stderr, StringComparison.Ordinal);
        Assert.True(summary.Outcomes["succeeded"] > 0);
    }

    [Fact]
    public async Task MetricsHeldBackPastTheWait_TheRunStands_AndServiceSaysTheyHadNotArrived()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, MetricsHold = TimeSpan.FromHours(1) });

        var (exitCode, _, stderr) = await RunAsync(proxy, "--service-metrics-wait", "2s");

        Assert.Equal(0, exitCode);
        Assert.Contains("had not arrived when --service-metrics-wait (2s) ended", new ResultFolder(_output).Summary.Service!.Unavailable, StringComparison.Ordinal);
        Assert.Contains("waiting for the service's metrics", stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MetricsHeldBackWithinTheWait_AreWaitedFor_AndRead()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, MetricsHold = TimeSpan.FromSeconds(2) });

        var (exitCode, _, stderr) = await RunAsync(proxy, "--service-metrics-wait", "5m");

        Assert.Equal(0, exitCode);
        var service = new ResultFolder(_output).Summary.Service!;
        Assert.Null(service.Unavailable);
        Assert.Equal(service.Minutes.Sum(m => m.Client.GetValueOrDefault("succeeded")), service.ApiNames["EntityGroupTransaction"]);
        Assert.Contains("waiting for the service's metrics", stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    /// <summary>Each minute's transactions by ResponseType are those the proxy counted in it (its /_proxy/stats).</summary>
    internal static void AssertMinutesAreTheProxys(TableLoad.Measurement.Service.ServiceSummary service, TableLoad.Proxy.ProxyStats stats)
    {
        Assert.NotEmpty(service.Minutes);
        foreach (var minute in service.Minutes)
        {
            var key = minute.Minute.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture);
            Assert.Equal(stats.ServiceTransactions.GetValueOrDefault(key) ?? [], minute.Transactions.ToDictionary());
        }
    }

    private Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(InProcessProxy proxy, params string[] more) =>
        ServiceMetricsRun.RunAsync(proxy, Resource, _output, log, TwentyBatches, more);
}
