using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Proxy;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>A <c>tableload proxy</c> started inside the test process on a free loopback port, in front of the fixture's Azurite.</summary>
internal sealed class InProcessProxy : IAsyncDisposable
{
    private readonly ProxyServer _server;

    private InProcessProxy(ProxyServer server) => _server = server;

    public int Port => _server.Listening.Port;

    public Uri TableEndpoint => new($"http://127.0.0.1:{Port}/{AzuriteFixture.AccountName}");

    /// <summary>The fixture's account, reached through the proxy: same key, the proxy's port.</summary>
    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={AzuriteFixture.AccountName};AccountKey={AzuriteFixture.AccountKey};TableEndpoint={TableEndpoint};";

    public ProxyStats Stats => _server.Stats;

    /// <param name="time">The proxy's clock (its buckets, added latency and delayed answers): the system's unless the test moves its own.</param>
    public static async Task<InProcessProxy> StartAsync(AzuriteFixture azurite, Func<ProxySettings, ProxySettings>? configure = null, TimeProvider? time = null) =>
        await StartAsync(new Uri($"http://127.0.0.1:{azurite.Port}"), configure, time);

    public static async Task<InProcessProxy> StartAsync(Uri target, Func<ProxySettings, ProxySettings>? configure = null, TimeProvider? time = null)
    {
        var settings = new ProxySettings { Listen = new Uri("http://127.0.0.1:0"), Target = target, Seed = 20120621 };
        return new InProcessProxy(await ProxyServer.StartAsync(configure?.Invoke(settings) ?? settings, time ?? TimeProvider.System));
    }

    /// <summary>
    /// A proxy that answers each request 20 ms late, with its default limits and no faults: a closed-model task sends at most 50
    /// requests a second through it, so a run whose load is of tasks (stages of tasks, a closed scenario, a tune's probes) does not
    /// saturate the machine for its seconds.
    /// </summary>
    public static Task<InProcessProxy> PacedAsync(AzuriteFixture azurite) =>
        StartAsync(azurite, s => s with { Latency = LatencyDistribution.TryParse("20ms", out var paced) ? paced : throw new FormatException("20ms") });

    /// <summary>A client of the fixture's account through the proxy.</summary>
    public TableTestClient Client() => new(ConnectionString);

    public ValueTask DisposeAsync() => _server.DisposeAsync();
}
