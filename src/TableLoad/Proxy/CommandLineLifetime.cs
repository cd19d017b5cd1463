using Microsoft.Extensions.Hosting;

namespace TableLoad.Proxy;

/// <summary>A host lifetime that leaves Ctrl+C and SIGTERM to the command line, which stops the proxy itself.</summary>
internal sealed class CommandLineLifetime : IHostLifetime
{
    public Task WaitForStartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
