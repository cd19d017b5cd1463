using TableLoad.Proxy;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>A running <c>tableload proxy</c> child in front of an Azurite, started as a user starts it: its clients, its stats, and its exit line on SIGTERM.</summary>
internal sealed class ProxyChild(TableLoadProcess process, int port) : IAsyncDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    public HttpClient Http { get; } = new() { Timeout = Limit };

    /// <summary>The connection string of the account behind the proxy, for a client or a run.</summary>
    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={AzuriteFixture.AccountName};AccountKey={AzuriteFixture.AccountKey};TableEndpoint=http://127.0.0.1:{port}/{AzuriteFixture.AccountName};";

    /// <summary>Starts <c>tableload proxy</c> on a free port with a fixed seed and <paramref name="options"/>, and waits until it listens.</summary>
    public static async Task<ProxyChild> StartAsync(AzuriteFixture azurite, params string[] options)
    {
        var process = TableLoadProcess.Start(
            ["proxy", "--listen", "http://127.0.0.1:0", "--target", $"http://127.0.0.1:{azurite.Port}", "--seed", "5", .. options], null);
        return new ProxyChild(process, await ProxyProcess.ListeningPortAsync(process, Limit));
    }

    public TableTestClient Client() => new(ConnectionString);

    public async Task<ProxyStats> StatsAsync() =>
        ProxyStats.FromJson(await Http.GetStringAsync(new Uri($"http://127.0.0.1:{port}/_proxy/stats")))!;

    public async Task<ProxyStats> StopAsync()
    {
        process.Signal(15);
        Assert.Equal(0, await process.WaitForExitAsync(Limit));
        return ProxyStats.FromJson(process.StandardOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries)[^1])!;
    }

    public async ValueTask DisposeAsync()
    {
        Http.Dispose();
        if (!process.HasExited)
        {
            process.Signal(15);
            await process.WaitForExitAsync(Limit);
        }

        process.Dispose();
    }
}
