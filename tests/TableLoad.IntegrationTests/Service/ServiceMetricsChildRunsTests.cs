using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.IntegrationTests.Tune;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>sweep and tune with --service-metrics through the proxy: each cell reads the service's view of its own minutes; tune's confirm runs only.</summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceMetricsChildRunsTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(5);
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-service-children-").FullName;

    [Fact]
    public async Task Sweep_WithTheResourceFromTheEnvironment_EachCellReadsItsOwn_AndSweepCsvHasItsServiceFigures()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });

        using var sweep = TableLoadProcess.Start(
            ["sweep", "--tasks", "1,2", "--batch-size", "10", "--batches", "10", "--duration", "1m", "--warmup", "0s", "--output", _output, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}"],
            proxy.ConnectionString, ("TABLELOAD_SERVICE_METRICS", ServiceMetricsRunTests.Resource));
        var exitCode = await sweep.WaitForExitAsync(Limit);
        log.WriteLine(sweep.StandardOutput);
        log.WriteLine(sweep.StandardError);

        Assert.True(exitCode == 0, sweep.StandardError);
        var rows = new ResultFolder(_output).Csv("sweep.csv");
        Assert.Equal(2, rows.Count);
        foreach (var row in rows)
        {
            var service = new ResultFolder(Path.Combine(_output, row["cell"])).Summary.Service!;
            Assert.Null(service.Unavailable);
            Assert.Equal(service.Transactions.Values.Sum(), ResultFolder.Count(row["service_transactions"]));
            Assert.True(service.Transactions["Success"] >= ResultFolder.Count(row["succeeded"]) / 10, "each of the cell's batches is one of the service's transactions");
            Assert.Equal("0", row["service_throttled"]);
            Assert.Equal(service.ServerLatencyMs!.Mean, ResultFolder.Number(row["service_server_latency_ms"]));
        }
    }

    [Fact]
    public async Task Tune_ReadsTheServicesMetricsForItsConfirmRunsOnly()
    {
        // Behind the proxy's 20 ms a task sends at most 50 requests a second: the probes and the confirm run, whose figures no assertion
        // reads, trickle instead of saturating both cores for their seconds.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, Latency = TuneRuns.Latency("20ms") });

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["tune", "--confirm", "1", "--close-rounds", "0", "--max-processes", "1", "--max-tasks", "2", "--batch-size", "10", "--max-throttled", "100%",
             "--warmup", "0s", "--duration", "1s", "--confirm-duration", "1s", "--output", _output,
             "--service-metrics", ServiceMetricsRunTests.Resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}"],
            proxy.ConnectionString, Limit);
        log.WriteLine(stdout);
        log.WriteLine(stderr);

        Assert.True(exitCode == 0, stderr);
        var byRole = new ResultFolder(_output).Csv("tune.csv").GroupBy(r => r["role"]).ToDictionary(g => g.Key, g => g.Select(r => r["cell"]).ToList());
        Assert.All(byRole["probe"], cell => Assert.Null(new ResultFolder(Path.Combine(_output, cell)).Summary.Service));
        Assert.All(byRole["confirm"], cell => Assert.Null(new ResultFolder(Path.Combine(_output, cell)).Summary.Service!.Unavailable));
        Assert.NotEmpty(byRole["confirm"]);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
