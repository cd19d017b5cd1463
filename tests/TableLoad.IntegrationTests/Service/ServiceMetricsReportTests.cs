using System.Text.Json.Nodes;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>
/// report of a finished folder through the proxy's metrics emulation: --service-metrics reads the service's view of the folder's minutes as
/// its run would have, and a folder whose run read it keeps it.
/// </summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceMetricsReportTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    // Far below what 8 tasks of 100-entity batches send, so the run's retries are transactions the service counts too.
    private const int PartitionLimit = 200;
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-service-report-").FullName;

    [Fact]
    public async Task ReportOfARunThatReadThem_KeepsTheService_AndReadingThemAgainGivesTheRunsOwn()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });
        var run = Folder("run");
        var (runExit, _, runErr) = await TableLoadAsync(proxy, ["run", .. Load(run), .. Metrics(proxy)]);
        Assert.True(runExit == 0, runErr);

        var (keptExit, keptOut, keptErr) = await TableLoadAsync(proxy, ["report", run, "--output", Folder("kept")]);
        var (readExit, _, readErr) = await TableLoadAsync(proxy, ["report", run, "--output", Folder("read"), .. Metrics(proxy)]);

        Assert.True(keptExit == 0, keptErr);
        Assert.True(readExit == 0, readErr);
        var service = ServiceOf(run);
        Assert.Null(service["unavailable"]);
        Assert.True(service["transactions"]!["ServerBusyError"]!.GetValue<long>() > 0, "the load should have gone over the partition limit");
        Assert.Contains(service["reconciliation"]!.AsArray(), s => s!.GetValue<string>().StartsWith("TableLoad retried", StringComparison.Ordinal));
        Assert.True(JsonNode.DeepEquals(service, ServiceOf(Folder("kept"))), ServiceOf(Folder("kept")).ToJsonString());
        Assert.True(JsonNode.DeepEquals(service, ServiceOf(Folder("read"))), ServiceOf(Folder("read")).ToJsonString());
        Assert.Contains("service (", keptOut, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(Folder("kept"), "service-metrics.json")));
        Assert.True(File.Exists(Path.Combine(Folder("read"), "service-metrics.json")));
    }

    [Fact]
    public async Task ReportWithServiceMetrics_OfARunWithout_CountsPerMinuteEqualTheProxys_AndGatesJudgeThem()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });
        var run = Folder("run");
        var (runExit, _, runErr) = await TableLoadAsync(proxy, ["run", .. Load(run)]);
        Assert.True(runExit == 0, runErr);
        Assert.Null(new ResultFolder(run).Summary.Service);
        var stats = proxy.Stats;

        var (exitCode, stdout, stderr) = await TableLoadAsync(proxy, ["report", run, "--output", Folder("read"), "--fail-if", "service.throttled<0.1%", .. Metrics(proxy)]);

        Assert.True(exitCode == 99, stderr);
        Assert.Contains("threshold service.throttled<0.1%", stdout, StringComparison.Ordinal);
        var summary = new ResultFolder(Folder("read")).Summary;
        var service = Assert.IsType<TableLoad.Measurement.Service.ServiceSummary>(summary.Service);
        Assert.Null(service.Unavailable);
        ServiceMetricsRunTests.AssertMinutesAreTheProxys(service, stats);

        // Every attempt is a transaction: the client's, retries included, are the service's batches.
        Assert.Equal(service.ApiNames["EntityGroupTransaction"], service.Minutes.Sum(m => m.ClientAttempts));
        Assert.Equal(summary.Outcomes["succeeded"], service.Minutes.Sum(m => m.Client.GetValueOrDefault("succeeded")));
        Assert.False(summary.Thresholds![0].Passed);
    }

    [Fact]
    public async Task ReportWithServiceMetrics_OfAnotherAccountsResource_IsRefusedBeforeAnyRequest()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });
        var run = Folder("run");
        var (runExit, _, runErr) = await TableLoadAsync(proxy, ["run", .. Load(run)]);
        Assert.True(runExit == 0, runErr);
        var calls = proxy.Stats.Requests;

        var other = ServiceMetricsRunTests.Resource.Replace(AzuriteFixture.AccountName, "otheraccount", StringComparison.Ordinal);
        var (exitCode, _, stderr) = await TableLoadAsync(proxy, ["report", run, "--output", Folder("read"), "--service-metrics", other, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}"]);

        Assert.Equal(2, exitCode);
        Assert.Equal("--service-metrics names the account 'otheraccount', but the run loads 'devstoreaccount1': the metrics would not be this run's.", stderr.Trim());
        Assert.False(Directory.Exists(Folder("read")));
        Assert.Equal(calls, proxy.Stats.Requests);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private string Folder(string name) => Path.Combine(_root, name);

    // The table is kept: its deletion after the run's reading would be a transaction in the minutes report reads again. Twenty batches of
    // 100 overrun the partition limit at any machine speed, and the run ends when they are done instead of saturating both cores for seconds.
    private static string[] Load(string output) => ["--batches", "20", "--duration", "1m", "--warmup", "0s", "--tasks", "8", "--retries", "2", "--keep-table", "--quiet", "--output", output];

    private static string[] Metrics(InProcessProxy proxy) => ["--service-metrics", ServiceMetricsRunTests.Resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}"];

    private static JsonNode ServiceOf(string folder) => JsonNode.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")))!["service"]!;

    private async Task<(int ExitCode, string Stdout, string Stderr)> TableLoadAsync(InProcessProxy proxy, string[] args)
    {
        var result = await TableLoadProcess.RunAsync(args, proxy.ConnectionString);
        log.WriteLine($"tableload {string.Join(' ', args)}: exit {result.ExitCode}");
        log.WriteLine(result.Stdout);
        log.WriteLine(result.Stderr);
        return result;
    }
}
