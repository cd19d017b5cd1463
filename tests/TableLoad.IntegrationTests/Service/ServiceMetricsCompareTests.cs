using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>compare --fail-on on the service's figures of two runs through the proxy: judged where both read them, never passed where one did not.</summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceMetricsCompareTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-service-compare-").FullName;

    [Fact]
    public async Task FailOnTheServicesFigures_JudgedWhereBothSidesReadThem_AndNeverPassedWhereOneDidNot()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });
        var metrics = new[] { "--service-metrics", ServiceMetricsRunTests.Resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}" };
        await RunAsync(proxy, "one", metrics);
        await RunAsync(proxy, "other", metrics);
        await RunAsync(proxy, "without", []);

        var (bothExit, both, _) = await CompareAsync("one", "other");
        var (lackingExit, lacking, _) = await CompareAsync("one", "without");

        Assert.Contains(both.Split('\n'), l => l.StartsWith("service.server_latency ", StringComparison.Ordinal));
        Assert.Contains(both.Split('\n'), l => l.StartsWith("service.throttled ", StringComparison.Ordinal));
        Assert.DoesNotContain("has no service metrics", both, StringComparison.Ordinal);
        Assert.Equal(both.Contains("gate --fail-on service.server_latency,service.throttled: FAILED", StringComparison.Ordinal) ? 99 : 0, bothExit);
        Assert.Equal(99, lackingExit);
        Assert.Contains(
            "gate --fail-on service.server_latency,service.throttled: FAILED (none worse beyond noise; service.server_latency cannot be decided: new has no service metrics (summary.json's service)",
            lacking, StringComparison.Ordinal);
        Assert.DoesNotContain(lacking.Split('\n'), l => l.StartsWith("service.", StringComparison.Ordinal));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private async Task RunAsync(InProcessProxy proxy, string name, string[] more)
    {
        // Twenty small batches give each side's figures; the run ends when they are done, at any machine speed.
        var result = await TableLoadProcess.RunAsync(
            ["run", "--batches", "20", "--batch-size", "10", "--duration", "1m", "--warmup", "0s", "--tasks", "2", "--keep-table", "--quiet", "--output", Path.Combine(_root, name), .. more], proxy.ConnectionString);
        log.WriteLine(result.Stderr);
        Assert.True(result.ExitCode == 0, result.Stderr);
    }

    private async Task<(int ExitCode, string Stdout, string Stderr)> CompareAsync(string baseName, string newName)
    {
        var result = await TableLoadProcess.RunAsync(
            ["compare", Path.Combine(_root, baseName), Path.Combine(_root, newName), "--fail-on", "service.server_latency,service.throttled"], connectionString: null);
        log.WriteLine(result.Stdout);
        log.WriteLine(result.Stderr);
        return result;
    }
}
