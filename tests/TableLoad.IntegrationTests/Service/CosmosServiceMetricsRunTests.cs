using System.Globalization;
using System.Xml.Linq;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>
/// Runs with --service-metrics of a Cosmos DB account through the proxy in its Cosmos DB mode in front of Azurite, the proxy emulating
/// the account's TotalRequests, TotalRequestUnits and NormalizedRUConsumption: the service's counts equal the proxy's and the client's,
/// its request units the client's, and its hottest partition key range feeds the gate and names a hot partition.
/// </summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class CosmosServiceMetricsRunTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    public const string Resource = $"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/tableload/providers/Microsoft.DocumentDB/databaseAccounts/{AzuriteFixture.AccountName}";

    // A batch of ten 1 KB entities costs some 68 RU: ten of them asked a second overrun 300 RU/s at any machine speed.
    private const double RequestUnits = 300;

    // An open model's ten batches a second for three seconds: every whole second asks more than the budget admits, as a closed model's
    // did, so its busiest second is at the budget, without a closed model's refused batches keeping both cores busy.
    private static readonly string[] ThreeSecondsOverTheBudget = ["--batch-size", "10", "--rate", "100", "--batches", "30", "--duration", "1m"];
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-cosmos-service-").FullName;

    [Fact]
    public async Task RequestUnitBudget_StatusCodesPerMinuteEqualTheProxys_429sEqualTooManyRequests_AndRequestUnitsEqualTheClients()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Cosmos = true, RequestUnits = RequestUnits });

        var (exitCode, stdout, stderr) = await RunAsync(proxy);
        var stats = proxy.Stats;

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var service = Assert.IsType<ServiceSummary>(summary.Service);
        Assert.Null(service.Unavailable);
        var cosmos = Assert.IsType<CosmosSummary>(service.Cosmos);
        Assert.NotEmpty(cosmos.Minutes);
        foreach (var minute in cosmos.Minutes)
        {
            var key = minute.Minute.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture);
            Assert.Equal(stats.CosmosRequests.GetValueOrDefault(key) ?? [], minute.StatusCodes.ToDictionary());
        }

        Assert.True(stats.Throttled.TooManyRequests > 0, "the load should have overrun the request units");
        Assert.Equal(stats.Throttled.TooManyRequests, cosmos.StatusCodes["429"]);
        Assert.Equal(summary.Outcomes["too_many_requests"], cosmos.StatusCodes["429"]);
        Assert.Equal(summary.Outcomes["succeeded"], cosmos.StatusCodes.Where(c => c.Key.StartsWith('2')).Sum(c => c.Value));
        Assert.Equal(stats.Batches, cosmos.OperationTypes["Batch"]);

        var units = Assert.IsType<RequestUnitsSummary>(summary.RequestUnits);
        Assert.Equal(units.Total, cosmos.ClientRequestUnits, precision: 6);
        Assert.Equal(stats.RequestUnitsCharged, cosmos.RequestUnits!.Value, precision: 6);
        Assert.Equal(cosmos.ClientRequestUnits, cosmos.RequestUnits.Value, precision: 6);
        Assert.Contains(service.Reconciliation, s => s.StartsWith("matched:", StringComparison.Ordinal) && s.Contains("429", StringComparison.Ordinal) && s.Contains("= request_units", StringComparison.Ordinal));
        Assert.Contains($"of {cosmos.Table}): requests ", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task NormalizedRuGate_OverItsBound_Exits99_AndFailsItsJunitCase()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Cosmos = true, RequestUnits = RequestUnits });
        var junit = Path.Combine(_output, "..", Path.GetFileName(_output) + "-junit.xml");

        var (exitCode, stdout, _) = await RunAsync(proxy, "--fail-if", "service.normalized_ru<90%,service.server_latency<1m", "--junit", junit);

        Assert.Equal(99, exitCode);
        Assert.Contains("threshold service.normalized_ru<90%", stdout, StringComparison.Ordinal);
        var cases = XDocument.Load(junit).Root!.Element("testsuite")!.Elements("testcase").ToList();
        Assert.Equal(["service.normalized_ru<90%", "service.server_latency<1m"], cases.Select(c => (string)c.Attribute("name")!));
        Assert.NotNull(cases[0].Element("failure"));
        var thresholds = new ResultFolder(_output).Summary.Thresholds!;
        // A Cosmos DB account gives no server latency: that gate cannot decide, and is not passed.
        Assert.Equal([false, false], thresholds.Select(t => t.Passed));
        // One range: its busiest second is the proxy's busiest second of the budget, about four 68-RU batches of its 300.
        Assert.Equal(100 * proxy.Stats.RequestUnitsPeakSecond / RequestUnits, thresholds[0].Value!.Value, precision: 6);
        Assert.Null(thresholds[1].Value);
        Assert.Contains("threshold service.server_latency<1m: cannot decide", stdout, StringComparison.Ordinal);
        File.Delete(junit);
    }

    [Fact]
    public async Task OnePartitionTakingTheLoad_ItsRangeAtTheCeiling_IsNamedAHotPartition()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Cosmos = true, RequestUnits = RequestUnits, PartitionKeyRanges = 4 });

        var (exitCode, _, stderr) = await RunAsync(proxy, "--partitions", "single");

        Assert.True(exitCode == 0, stderr);
        var service = new ResultFolder(_output).Summary.Service!;
        var normalized = Assert.IsType<NormalizedRu>(service.Cosmos!.NormalizedRu);
        Assert.Equal(4, normalized.Ranges);
        Assert.Equal(100, normalized.HottestPercent);
        Assert.Equal(25, normalized.MeanPercent);
        Assert.Contains(service.Reconciliation, s => s.StartsWith($"one range ({normalized.HottestRange}) at 100% while the account averaged 25% over its 4 ranges", StringComparison.Ordinal)
            && s.Contains(": a hot partition", StringComparison.Ordinal));
    }

    [Fact]
    public async Task LoadSpreadOverManyPartitions_IsNoHotPartition()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Cosmos = true, RequestUnits = RequestUnits, PartitionKeyRanges = 4 });

        var (exitCode, _, stderr) = await RunAsync(proxy, "--partitions", "spread:64");

        Assert.True(exitCode == 0, stderr);
        var service = new ResultFolder(_output).Summary.Service!;
        Assert.Equal(4, service.Cosmos!.NormalizedRu!.Ranges);
        Assert.DoesNotContain(service.Reconciliation, s => s.Contains("hot partition", StringComparison.Ordinal));
        Assert.Contains(service.Reconciliation, s => s.Contains("the load is spread over them", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ReportWithServiceMetrics_OfACosmosRunsFolder_ReadsTheRunsTable_AsTheRunWould()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Cosmos = true, RequestUnits = RequestUnits });
        var (run, read) = (Path.Combine(_output, "run"), Path.Combine(_output, "read"));
        var (runExit, _, runErr) = await TableLoadProcess.RunAsync(
            ["run", .. ThreeSecondsOverTheBudget, "--warmup", "0s", "--tasks", "8", "--retries", "0", "--keep-table", "--quiet", "--output", run],
            proxy.ConnectionString);
        Assert.True(runExit == 0, runErr);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["report", run, "--output", read, "--service-metrics", Resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}"], proxy.ConnectionString);
        log.WriteLine(stdout);
        log.WriteLine(stderr);

        Assert.True(exitCode == 0, stderr);
        var table = new ResultFolder(run).Run.Options.Table;
        var service = new ResultFolder(read).Summary.Service!;
        Assert.Null(service.Unavailable);
        Assert.Equal(table, service.Cosmos!.Table);
        Assert.Contains($"of {table}): requests ", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ACosmosAccountsMetrics_FromAProxyInStorageMode_AreUnavailable_AndTheRunStands()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });

        var (exitCode, _, stderr) = await RunAsync(proxy);

        Assert.Equal(0, exitCode);
        Assert.Contains("start it in its Cosmos DB mode", new ResultFolder(_output).Summary.Service!.Unavailable, StringComparison.Ordinal);
        Assert.Contains("The service's metrics are unavailable", stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(InProcessProxy proxy, params string[] more) =>
        ServiceMetricsRun.RunAsync(proxy, Resource, _output, log, ThreeSecondsOverTheBudget, more);
}
