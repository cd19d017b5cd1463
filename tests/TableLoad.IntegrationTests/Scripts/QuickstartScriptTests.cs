using TableLoad.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Scripts;

/// <summary>
/// scripts/quickstart.sh --throttle, as a reader runs it: through the throttling proxy, with the proxy's emulation of the service's
/// metrics and its request log, it prints after the table the service's view: its counts reconciled with the client's and what the
/// client's p99 is made of.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class QuickstartScriptTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-quickstart-").FullName;

    [Fact]
    public async Task Throttle_PrintsTheServicesCountsReconciled_AndWhatTheP99IsMadeOf_AsSummaryJsonHasThem()
    {
        var output = Path.Combine(_root, "run");
        var scratch = Directory.CreateDirectory(Path.Combine(_root, "tmp")).FullName;
        var proxyPort = AzuriteFixture.PickFreePort();

        // The quickstart builds TableLoad before it runs: minutes on a busy machine even when nothing changed. Its own load (12 tasks
        // of 100-entity batches) sends more than the proxy's 500 entities/s with its first batches, at any machine speed.
        var (exitCode, stdout, stderr) = await BashScript.RunAsync(
            Path.Combine(AzuriteFixture.FindRepoRoot(), "scripts", "quickstart.sh"),
            ["--throttle", "--duration", "2s", "--warmup", "0s", "--output", output],
            new Dictionary<string, string?>
            {
                ["TABLELOAD_AZURITE_PORT"] = azurite.Port.ToString(System.Globalization.CultureInfo.InvariantCulture),
                ["TABLELOAD_PROXY_PORT"] = proxyPort.ToString(System.Globalization.CultureInfo.InvariantCulture),
                ["TMPDIR"] = scratch,
            },
            TimeSpan.FromMinutes(8));
        log.WriteLine(stdout + stderr);

        Assert.True(exitCode == 0, stderr);
        var service = new ResultFolder(output).Summary.Service!;
        Assert.Null(service.Unavailable);
        var lines = stdout.Split('\n');
        Assert.Single(lines, l => l.StartsWith("service (", StringComparison.Ordinal) && l.Contains("ServerBusyError", StringComparison.Ordinal));
        Assert.Contains(service.Reconciliation, s => s.StartsWith("matched:", StringComparison.Ordinal) && s.Contains("ServerBusyError", StringComparison.Ordinal));
        Assert.All(service.Reconciliation, sentence => Assert.Contains("  " + sentence, lines));
        var joined = Assert.Single(lines, l => l.StartsWith("service log: ", StringComparison.Ordinal));
        Assert.Contains($"; {service.Log!.Joined} of the run's requests joined", joined, StringComparison.Ordinal);
        Assert.True(service.Log.Joined > 0, joined);
        var tail = service.Log.P99RequestsMs;
        Assert.Single(lines, l => l.StartsWith($"of the client's p99 of {tail.ClientP99.ToString("0.#", System.Globalization.CultureInfo.InvariantCulture)} ms, the service spent ", StringComparison.Ordinal));
        // The proxy it started is stopped, and the request log's folder is gone with it.
        Assert.Contains($"tableload proxy on port {proxyPort} stopped", stdout, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateDirectories(scratch, "tableload-quickstart.*"));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
