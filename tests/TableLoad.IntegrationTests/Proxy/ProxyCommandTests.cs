using System.Net;
using System.Net.Sockets;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Proxy;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary><c>tableload proxy</c> as a user starts it: one line when listening, the counters on SIGTERM, one sentence on bad input.</summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class ProxyCommandTests(AzuriteFixture azurite) : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(30);
    private readonly string _folder = Directory.CreateTempSubdirectory("tableload-proxy-cmd-").FullName;

    [Fact]
    public async Task Proxy_PrintsWhereItListens_ServesStats_AndPrintsThemOnSigterm()
    {
        using var proxy = TableLoadProcess.Start(
            ["proxy", "--listen", "http://127.0.0.1:0", "--target", $"http://127.0.0.1:{azurite.Port}", "--partition-limit", "500", "--seed", "3"], null);
        var port = await ProxyProcess.ListeningPortAsync(proxy, Limit);
        using var http = new HttpClient { Timeout = Limit };
        using var tables = await http.GetAsync(new Uri($"http://127.0.0.1:{port}/devstoreaccount1/Tables"));
        var live = ProxyStats.FromJson(await http.GetStringAsync(new Uri($"http://127.0.0.1:{port}/_proxy/stats")));

        proxy.Signal(15);
        var exitCode = await proxy.WaitForExitAsync(Limit);

        Assert.Equal(HttpStatusCode.Forbidden, tables.StatusCode); // Azurite's own answer to an unsigned request
        Assert.Equal(3, live!.Seed);
        Assert.Equal(1, live.PassedThrough);
        Assert.Equal(0, exitCode);
        var lines = proxy.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        Assert.Equal(2, lines.Length);
        Assert.Equal($"proxy listening on http://127.0.0.1:{port} → target http://127.0.0.1:{azurite.Port}", lines[0]);
        var final = ProxyStats.FromJson(lines[1]);
        Assert.Equal(1, final!.Requests);
        Assert.Equal("", proxy.StandardError);
    }

    [Fact]
    public async Task Proxy_TakesAConfigProfile_AndTableloadVariables_AsRunDoes()
    {
        var profile = Path.Combine(_folder, "throttle.json");
        await File.WriteAllTextAsync(profile, $$"""{ "target": "http://127.0.0.1:{{azurite.Port}}", "partition_limit": 500, "account_limit": 7000, "read_faults": true, "seed": 7 }""");
        using var proxy = TableLoadProcess.Start(
            ["--verbosity", "detailed", "proxy", "--config", profile, "--account-limit", "9000"], null,
            new Dictionary<string, string> { ["TABLELOAD_LISTEN"] = "http://127.0.0.1:0", ["TABLELOAD_PARTITION_LIMIT"] = "250", ["TABLELOAD_SEED"] = "9" });
        var port = await ProxyProcess.ListeningPortAsync(proxy, Limit);
        using var http = new HttpClient { Timeout = Limit };
        var stats = ProxyStats.FromJson(await http.GetStringAsync(new Uri($"http://127.0.0.1:{port}/_proxy/stats")));
        proxy.Signal(15);
        Assert.Equal(0, await proxy.WaitForExitAsync(Limit));

        Assert.Contains($"→ target http://127.0.0.1:{azurite.Port}", proxy.StandardOutput, StringComparison.Ordinal);   // the profile alone
        Assert.Equal(9, stats!.Seed);                                                                                 // the environment over the profile
        Assert.Contains("PartitionLimit = 250,", proxy.StandardError, StringComparison.Ordinal);                       // the environment over the profile
        Assert.Contains("AccountLimit = 9000,", proxy.StandardError, StringComparison.Ordinal);                        // the command line over both
        Assert.Contains("ReadFaults = True,", proxy.StandardError, StringComparison.Ordinal);                          // the profile alone
    }

    [Fact]
    public async Task Proxy_ProfileWithAnUnknownField_IsOneSentenceAndExitCode2_BeforeListening()
    {
        var profile = Path.Combine(_folder, "throttle.json");
        await File.WriteAllTextAsync(profile, """{ "partition_limit": 500, "bucket": 3 }""");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["proxy", "--config", profile, "--listen", "http://127.0.0.1:0"], null, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"--config {profile} has 'bucket', which is not an option of tableload proxy; see 'tableload proxy --help'", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Proxy_SeveralBadOptions_AreAllSaid_OneSentenceEach_ExitTwo_BeforeListening()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["proxy", "--account-limit", "-1", "--partition-limit", "0", "--latency", "bogus", "--listen", "http://127.0.0.1:0"], null, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Collection(
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries),
            line => Assert.Equal("--partition-limit must be greater than 0 and at most 1000000000 entities per second, not 0.", line),
            line => Assert.Equal("--account-limit must be greater than 0 and at most 1000000000 entities per second, not -1.", line),
            line => Assert.Equal("--latency 'bogus' is not a latency; use a duration such as 50ms, uniform:10ms-200ms or exp:50ms.", line));
    }

    [Theory]
    [InlineData("50")]
    [InlineData("uniform:10-200")]
    [InlineData("exp:50")]
    public async Task Proxy_LatencyWithoutItsUnit_IsRefusedWithTheFormsItTakes(string latency)
    {
        // A bare 50 would be 50 seconds, past the client's 30 s timeout: surely 50ms was meant.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["proxy", "--latency", latency, "--listen", "http://127.0.0.1:0"], null, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Equal(
            $"--latency '{latency}' has a number without its unit; give the unit, as in 50ms, uniform:10ms-200ms or exp:50ms.",
            Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)));
    }

    [Theory]
    [InlineData("--reset-rate", "-0.5")]
    [InlineData("--partition-limit", "0")]
    [InlineData("--latency", "uniform:9ms")]
    [InlineData("--listen", "http://0.0.0.0:10102")]
    [InlineData("--partition-key-ranges", "4")]
    public async Task Proxy_BadOption_IsOneLineOnStderrAndExitCode2(string option, string value)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["proxy", option, value], null, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith(option, stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Proxy_PortTaken_IsOneSentenceAndExitCode1()
    {
        using var taken = new TcpListener(IPAddress.Loopback, 0);
        taken.Start();
        var port = ((IPEndPoint)taken.LocalEndpoint).Port;

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["proxy", "--listen", $"http://127.0.0.1:{port}"], null, Limit);

        Assert.Equal(1, exitCode);
        Assert.Equal("", stdout);
        Assert.StartsWith($"Cannot listen on http://127.0.0.1:{port}: ", stderr, StringComparison.Ordinal);
        Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
