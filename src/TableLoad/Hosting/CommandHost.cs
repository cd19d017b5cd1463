using System.Runtime.InteropServices;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Console;

namespace TableLoad.Hosting;

/// <summary>
/// The console host every command runs in, worker processes included: logging to stderr at the chosen verbosity, the clock, and a lifetime
/// that hands Ctrl+C to the command.
/// </summary>
internal static class CommandHost
{
    /// <param name="interrupt">What Ctrl+C and SIGTERM do, given the host's services; null lets them end the process.</param>
    /// <param name="command">The command itself; its return value is the exit code.</param>
    /// <param name="interruptSignals">The signals <paramref name="interrupt"/> takes; SIGINT and SIGTERM unless said.</param>
    public static async Task<int> RunAsync(
        Verbosity verbosity,
        Action<IServiceCollection> services,
        Func<IServiceProvider, Action>? interrupt,
        Func<IServiceProvider, Task<int>> command,
        IReadOnlyList<PosixSignal>? interruptSignals = null)
    {
        // No defaults: no appsettings.json, no DOTNET_ variables and no logging providers TableLoad did not choose.
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Logging.ClearProviders()
            .SetMinimumLevel(verbosity.MinimumLevel())
            .AddConsole(console =>
            {
                console.FormatterName = PlainConsoleFormatter.FormatterName;
                console.LogToStandardErrorThreshold = LogLevel.Trace;
            })
            .AddConsoleFormatter<PlainConsoleFormatter, ConsoleFormatterOptions>()
            // The host's own notices ("Hosting starting") say nothing about the load.
            .AddFilter("Microsoft", LogLevel.Warning);
        builder.Services.AddSingleton(TimeProvider.System);
        builder.Services.AddSingleton<IHostLifetime>(provider => new InterruptLifetime(interrupt?.Invoke(provider), interruptSignals ?? [PosixSignal.SIGINT, PosixSignal.SIGTERM]));
        services(builder.Services);

        using var host = builder.Build();
        await host.StartAsync().ConfigureAwait(false);
        try
        {
            return await command(host.Services).ConfigureAwait(false);
        }
        finally
        {
            await host.StopAsync().ConfigureAwait(false);
        }
    }
}
