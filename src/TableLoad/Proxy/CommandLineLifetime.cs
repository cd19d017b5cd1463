using Microsoft.Extensions.Hosting;

namespace TableLoad.Proxy;

/// <summary>The web server's lifetime: Ctrl+C and SIGTERM belong to the command's own host (Hosting/InterruptLifetime), which stops the proxy.</summary>
internal sealed class CommandLineLifetime : IHostLifetime
{
    public Task WaitForStartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
