using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using TableLoad.Proxy.Log;
using TableLoad.Proxy.Metrics;

namespace TableLoad.Proxy;

/// <summary>
/// The running proxy: Kestrel on a loopback address, no logging, one terminal request handler and one
/// shared connection pool to the target. The command line, not the host, owns Ctrl+C and SIGTERM.
/// </summary>
internal sealed class ProxyServer : IAsyncDisposable
{
    private static readonly TimeSpan StopGrace = TimeSpan.FromSeconds(5);

    private readonly WebApplication _app;
    private readonly TargetForwarder _forwarder;
    private readonly ProxyCounters _counters;
    private readonly RequestLogFile? _log;
    private int _stopped;

    private ProxyServer(WebApplication app, TargetForwarder forwarder, ProxyCounters counters, RequestLogFile? log, Uri listening)
    {
        _app = app;
        _forwarder = forwarder;
        _counters = counters;
        _log = log;
        Listening = listening;
    }

    /// <summary>The address the proxy listens on, with the actual port when port 0 was asked for.</summary>
    public Uri Listening { get; }

    public ProxyStats Stats => _counters.Snapshot();

    /// <summary>Starts listening; throws <see cref="IOException"/> when the address cannot be bound.</summary>
    public static async Task<ProxyServer> StartAsync(ProxySettings settings, TimeProvider time, CancellationToken cancellationToken = default)
    {
        var builder = WebApplication.CreateEmptyBuilder(new WebApplicationOptions());
        builder.Services.AddSingleton<IHostLifetime, CommandLineLifetime>();
        builder.WebHost.UseKestrelCore().ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Limits.MaxRequestBodySize = ProxyRequestHandler.MaxRequestBodyBytes;
            Listen(kestrel, settings.Listen);
        });

        var app = builder.Build();
        var serviceRecorder = new ServiceMetricsRecorder(time);
        var cosmos = settings.Cosmos ? new CosmosMetricsRecorder(serviceRecorder, PartitionKeyRanges.For(settings.RequestUnits, settings.PartitionKeyRanges), settings.RequestUnits) : null;
        var counters = new ProxyCounters(settings.Seed, serviceRecorder, cosmos);
        var forwarder = new TargetForwarder(settings.Target, TargetForwarder.CreateHandler());
        var handler = new ProxyRequestHandler(settings, forwarder, counters, time);
        var log = settings.ServiceLog is { } logPath ? new RequestLogFile(logPath) : null;
        RequestDelegate logged = log is null ? handler.HandleAsync : new LoggedRequests(log, handler.HandleAsync, time).HandleAsync;
        // The metrics API is the emulation's own: its calls are neither forwarded nor in the request log.
        var service = new ServiceEmulation(counters.Service, settings.MetricsFault, settings.MetricsHold, time, cosmos);
        app.Run(context => service.HandleAsync(context, logged));
        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            log?.Dispose();
            forwarder.Dispose();
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.First();
        return new ProxyServer(app, forwarder, counters, log, new Uri(address));
    }

    /// <summary>Stops accepting, lets requests in flight finish for a few seconds, then drops the rest.</summary>
    public async Task StopAsync()
    {
        if (Interlocked.Exchange(ref _stopped, 1) == 1)
        {
            return;
        }

        using var grace = new CancellationTokenSource(StopGrace);
        await _app.StopAsync(grace.Token).ConfigureAwait(false);
    }

    public async ValueTask DisposeAsync()
    {
        await StopAsync().ConfigureAwait(false);
        await _app.DisposeAsync().ConfigureAwait(false);
        _forwarder.Dispose();
        _log?.Dispose();
    }

    // The Table service speaks HTTP/1.1 only.
    private static void Http1Only(ListenOptions listen) => listen.Protocols = HttpProtocols.Http1;

    private static void Listen(KestrelServerOptions kestrel, Uri listen)
    {
        if (listen.Host.Equals("localhost", StringComparison.OrdinalIgnoreCase))
        {
            // Kestrel binds both loopbacks for localhost, which needs a fixed port.
            if (listen.Port != 0)
            {
                kestrel.ListenLocalhost(listen.Port, Http1Only);
                return;
            }

            kestrel.Listen(IPAddress.Loopback, 0, Http1Only);
            return;
        }

        kestrel.Listen(IPAddress.Parse(listen.DnsSafeHost), listen.Port, Http1Only);
    }
}
