using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>A short run with --service-metrics read from the proxy's emulation, its output and the proxy's stats in the test log.</summary>
internal static class ServiceMetricsRun
{
    /// <param name="span">What ends the run: a count of batches, with a duration as the cap, so it ends when its batches are done at any machine speed.</param>
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(
        InProcessProxy proxy, string resource, string output, ITestOutputHelper log, IEnumerable<string> span, IEnumerable<string> more)
    {
        // The table is kept: its deletion, after the metrics were read, would be a transaction the proxy counted and the run did not read.
        var result = await TableLoadProcess.RunAsync(
            ["run", .. span, "--warmup", "0s", "--tasks", "8", "--retries", "0", "--keep-table", "--quiet", "--output", output,
             "--service-metrics", resource, "--metrics-endpoint", $"http://127.0.0.1:{proxy.Port}", .. more],
            proxy.ConnectionString);
        log.WriteLine(result.Stdout);
        log.WriteLine(result.Stderr);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());
        return result;
    }
}
