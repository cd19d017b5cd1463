using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>A short run with --service-metrics read from the proxy's emulation, its output and the proxy's stats in the test log.</summary>
internal static class ServiceMetricsRun
{
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(InProcessProxy proxy, string resource, string output, ITestOutputHelper log, IEnumerable<string> more)
    {
        // The table is kept: its deletion, after the metrics were read, would be a transaction the proxy counted and the run did not read.
        var result = await TableLoadProcess.RunAsync(
            ["run", "--duration", "3s", "--warmup", "0s", "--tasks", "8", "--retries", "0", "--keep-table", "--quiet", "--output", output,
             "--service-metrics", resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}", .. more],
            proxy.ConnectionString);
        log.WriteLine(result.Stdout);
        log.WriteLine(result.Stderr);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());
        return result;
    }
}
