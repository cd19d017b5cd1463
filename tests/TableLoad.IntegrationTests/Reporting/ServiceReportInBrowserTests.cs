using System.Globalization;
using System.Text.Json;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.IntegrationTests.Service;
using TableLoad.Measurement.Service;
using TableLoad.Proxy.Metrics;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Reporting;

/// <summary>
/// The report.html of a run with the service's view (--service-metrics and --service-log through the proxy's emulation), opened in
/// a real browser: per minute the service's transactions beside the client's requests and the latencies, the reconciliation and the
/// log's shares, equal to summary.json's and to what the run printed; and the reason alone when the metrics were unavailable.
/// </summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class ServiceReportInBrowserTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-html-service-").FullName;

    [Fact]
    public async Task ServiceView_InHeadlessChromium_ShowsEachMinute_TheReconciliation_AndTheShares_AsSummaryJsonAndTheTerminalHaveThem()
    {
        var logPath = Path.Combine(_root, "service-log.json");
        // Below what 8 tasks' first 100-entity batches send at once, at any machine speed: the service counts ServerBusyError beside Success.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 200, ServiceLog = logPath });

        var (output, stdout) = await RunAsync(proxy, "--service-log", logPath);
        using var check = await ReportInBrowserTests.CheckInBrowserAsync(output);

        var service = new ResultFolder(output).Summary.Service!;
        Assert.Null(service.Unavailable);
        Assert.True(service.Transactions.GetValueOrDefault("ServerBusyError") > 0, "the load should have gone over the partition limit");
        var view = check.RootElement.GetProperty("service");
        var requests = Single(view, "requests");
        Assert.Equal(service.Minutes.Count, requests.Rows.Count);
        foreach (var (minute, row) in service.Minutes.Zip(requests.Rows))
        {
            Assert.Equal(minute.Minute.UtcDateTime.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture), row[0]);
            foreach (var (column, cell) in requests.Head.Zip(row).Skip(1))
            {
                var expected = column switch
                {
                    "client attempts" => minute.ClientAttempts,
                    _ when column.StartsWith("service: ", StringComparison.Ordinal) => minute.Transactions.GetValueOrDefault(column["service: ".Length..]),
                    _ => minute.Client.GetValueOrDefault(column["client: ".Length..]),
                };
                Assert.Equal(expected.ToString(CultureInfo.InvariantCulture), cell);
            }
        }

        Assert.Contains("service: ServerBusyError", requests.Head);
        Assert.Contains("client: server_busy", requests.Head);
        var latency = Single(view, "latency");
        Assert.Equal(["minute", "client mean", "SuccessE2ELatency mean", "SuccessServerLatency mean", "SuccessE2ELatency max", "SuccessServerLatency max"], latency.Head);
        foreach (var (minute, row) in service.Minutes.Zip(latency.Rows))
        {
            Assert.Equal([OneDecimal(minute.ClientLatencyMs), OneDecimal(minute.E2eLatencyMs?.Mean), OneDecimal(minute.ServerLatencyMs?.Mean)], row.Skip(1).Take(3));
        }

        Assert.Contains(service.Reconciliation, s => s.StartsWith("matched:", StringComparison.Ordinal) && s.Contains("ServerBusyError", StringComparison.Ordinal));
        Assert.Equal(service.Reconciliation, Items(view, "reconciliation"));
        Assert.All(service.Reconciliation, sentence => Assert.Contains("  " + sentence + "\n", stdout, StringComparison.Ordinal));
        string[] logLines = [.. stdout.Split('\n').Where(l => l.StartsWith("service log: ", StringComparison.Ordinal) || l.StartsWith("of the client's p99 of ", StringComparison.Ordinal))];
        Assert.Equal(2, logLines.Length);
        Assert.Equal(logLines, Items(view, "log"));
        var shares = Single(view, "shares");
        var figures = service.Log!.SharesMs;
        Assert.Equal([Share("service", figures.Service), Share("transfer", figures.Transfer), Share("client", figures.Client)], shares.Rows);

        var images = check.RootElement.GetProperty("images").EnumerateArray().ToList();
        Assert.Contains(images, i => i.GetProperty("alt").GetString() == "service-minutes.png" && i.GetProperty("width").GetInt32() > 0);
    }

    [Fact]
    public async Task MetricsUnavailable_InHeadlessChromium_TheSectionSaysWhy_AndShowsNoMinutes()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, MetricsFault = MetricsFault.Forbidden });

        // Nothing here needs the load to be large: batches of 10, where the other test's 100 must go over the partition limit.
        var (output, _) = await RunAsync(proxy, "--batch-size", "10");
        using var check = await ReportInBrowserTests.CheckInBrowserAsync(output);

        var reason = new ResultFolder(output).Summary.Service!.Unavailable;
        Assert.Contains("Monitoring Reader", reason, StringComparison.Ordinal);
        var view = check.RootElement.GetProperty("service");
        Assert.Equal([$"The service's metrics are unavailable: {reason}."], Items(view, "unavailable"));
        Assert.Empty(view.GetProperty("requests").EnumerateArray());
        Assert.DoesNotContain(check.RootElement.GetProperty("images").EnumerateArray(), i => i.GetProperty("alt").GetString() == "service-minutes.png");
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private async Task<(string Output, string Stdout)> RunAsync(InProcessProxy proxy, params string[] more)
    {
        var output = Path.Combine(_root, "run");
        // A budget of requests, not a duration: the same load at any machine speed. The table is kept: its deletion would be a
        // transaction the proxy counted after the metrics were read.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--batches", "40", "--tasks", "8", "--warmup", "0s", "--retries", "0", "--keep-table", "--label", "service",
             "--output", output, "--report", "--service-metrics", ServiceMetricsRunTests.Resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}", .. more],
            proxy.ConnectionString);
        log.WriteLine(stdout + stderr);
        Assert.True(exitCode == 0, stderr);
        return (output, stdout);
    }

    private static (List<string> Head, List<List<string>> Rows) Single(JsonElement view, string table)
    {
        var grid = Assert.Single(view.GetProperty(table).EnumerateArray());
        return ([.. grid.GetProperty("head").EnumerateArray().Select(c => c.GetString()!)],
                [.. grid.GetProperty("rows").EnumerateArray().Select(r => r.EnumerateArray().Select(c => c.GetString()!).ToList())]);
    }

    private static List<string> Items(JsonElement view, string list) => [.. view.GetProperty(list).EnumerateArray().Select(l => l.GetString()!)];

    private static string OneDecimal(double? ms) => ms?.ToString("F1", CultureInfo.InvariantCulture) ?? "";

    private static List<string> Share(string name, ShareFigures figures) => [name, OneDecimal(figures.P50), OneDecimal(figures.P99), OneDecimal(figures.Mean)];
}
