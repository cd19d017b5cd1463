using System.Diagnostics;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Proxy.Metrics;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Service;

/// <summary>
/// The metrics cannot be read after a run that went through the proxy: a credential that gets no token, and an answer that is not the metrics
/// JSON. The run's results and exit code stand, summary.json's service says why, and one warning line says it too.
/// </summary>
[Collection(ServiceViewAzuriteCollection.Name)]
public sealed class ServiceMetricsFailureTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    // Reserved never to resolve (RFC 2606): no test reaches the internet, and a credential that got a token would still fail here, not pass.
    private const string RemoteEndpoint = "https://metrics.invalid";

    private readonly string _output = Directory.CreateTempSubdirectory("tableload-service-failure-").FullName;

    [Fact]
    public async Task ARemoteEndpointWithoutAzureCredentials_TheRunStands_ServiceSaysTheCredentialFailed_AndOneWarningSaysWhatToDo()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });
        // No credential DefaultAzureCredential could find: no variables, no managed identity's, no signed-in tool's cache in an empty home.
        var home = Directory.CreateTempSubdirectory("tableload-service-home-").FullName;
        var environment = new Dictionary<string, string> { ["HOME"] = home, ["USERPROFILE"] = home };
        foreach (var name in (string[])["AZURE_CLIENT_ID", "AZURE_TENANT_ID", "AZURE_CLIENT_SECRET", "AZURE_CLIENT_CERTIFICATE_PATH", "AZURE_USERNAME", "AZURE_PASSWORD",
            "AZURE_FEDERATED_TOKEN_FILE", "IDENTITY_ENDPOINT", "IDENTITY_HEADER", "MSI_ENDPOINT", "MSI_SECRET", "AZURE_TOKEN_CREDENTIALS"])
        {
            environment[name] = "";
        }

        var clock = Stopwatch.StartNew();
        using var run = TableLoadProcess.Start(Arguments(RemoteEndpoint), proxy.ConnectionString, environment);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromMinutes(3));
        log.WriteLine($"exit {exitCode} after {clock.Elapsed.TotalSeconds:0.0} s");
        log.WriteLine(run.StandardOutput);
        log.WriteLine(run.StandardError);
        Directory.Delete(home, recursive: true);

        Assert.Equal(0, exitCode);
        var summary = new ResultFolder(_output).Summary;
        Assert.True(summary.Outcomes["succeeded"] > 0);
        Assert.StartsWith("the credential failed", summary.Service!.Unavailable, StringComparison.Ordinal);
        var warning = Assert.Single(run.StandardError.Split('\n'), l => l.Contains("The service's metrics are unavailable", StringComparison.Ordinal));
        Assert.Contains("az login", warning, StringComparison.Ordinal);
        Assert.Contains("AZURE_CLIENT_ID", warning, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", run.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain(AzuriteFixture.AccountKey, run.StandardError + run.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AMalformedAnswer_TheRunStands_ServiceSaysTheAnswerWasMalformed_AndKeepsItInServiceMetricsJson()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9, MetricsFault = MetricsFault.Malformed });

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(Arguments($"http://127.0.0.1:{proxy.Port}"), proxy.ConnectionString);
        log.WriteLine(stdout);
        log.WriteLine(stderr);

        Assert.Equal(0, exitCode);
        var summary = new ResultFolder(_output).Summary;
        Assert.True(summary.Outcomes["succeeded"] > 0);
        Assert.Contains("malformed", summary.Service!.Unavailable, StringComparison.Ordinal);
        Assert.Empty(summary.Service.Minutes);
        Assert.Contains("The service's metrics are unavailable: the metrics API's answer was malformed", stderr, StringComparison.Ordinal);
        Assert.Contains("\"Transactions\"", File.ReadAllText(Path.Combine(_output, "service-metrics.json")), StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private string[] Arguments(string endpoint) =>
        ["run", "--duration", "2s", "--warmup", "0s", "--tasks", "2", "--keep-table", "--quiet", "--output", _output,
         "--service-metrics", ServiceMetricsRunTests.Resource, "--metrics-endpoint", endpoint];
}
