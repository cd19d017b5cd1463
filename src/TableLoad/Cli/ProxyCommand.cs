using System.CommandLine;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using TableLoad.Hosting;
using TableLoad.Proxy;

namespace TableLoad.Cli;

/// <summary><c>tableload proxy</c>: a local throttling and fault emulator in front of a Table endpoint such as Azurite.</summary>
internal static class ProxyCommand
{
    public static Command Create()
    {
        var options = new ProxyOptions();
        var command = options.CreateCommand(
            "Run a reverse proxy that counts, throttles and faults batches, single writes (one entity written alone), point reads, query pages and single deletes as the service would, forwarding everything else (table create, delete and list) untouched. " +
            "Every entity read or written counts against the limits: a point read or delete 1, a batch its operations, a query page the entities its answer returned. " +
            "Prints one line when listening and, on Ctrl+C or SIGTERM, its counters as one JSON line (also at GET /_proxy/stats): requests by kind, reads found and not found, query pages and the entities they returned, deletes, 412 answers, throttled requests by code and limit, request units by kind of request. " +
            "Exit codes: 0 stopped, 1 cannot listen, 2 bad input.");

        command.SetAction(async (parse, _) =>
        {
            var settings = await Refusal.SettingsOrSayWhyAsync(() =>
            {
                var layered = LayersOf(options).Layer(parse, Environment.GetEnvironmentVariables());
                parse = layered.Parse;
                return layered.Judged(p => ProxySettingsFactory.Create(p, options));
            }).ConfigureAwait(false);
            if (settings is null)
            {
                return ExitCodes.BadInput;
            }

            var stop = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            return await CommandHost.RunAsync(
                parse.GetValue(TableLoadCli.Verbosity),
                _ => { },
                _ => () => stop.TrySetResult(),
                provider => ServeAsync(settings, stop.Task, provider)).ConfigureAwait(false);
        });
        return command;
    }

    /// <summary>The proxy's options in layers, as run's: a --config profile, then TABLELOAD_* variables, then the command line.</summary>
    public static OptionLayers LayersOf(ProxyOptions options) => new()
    {
        Command = "proxy",
        Options = options.All,
        Config = options.Config,
        CreateCommand = () => options.CreateCommand(),
        Example = """{"partition_limit": 500, "latency": "5ms"}""",
    };

    private static string Authority(Uri uri) => uri.GetLeftPart(UriPartial.Authority);

    /// <summary>Serves until Ctrl+C or SIGTERM, then prints the proxy's counts on stdout.</summary>
    private static async Task<int> ServeAsync(ProxySettings settings, Task stopped, IServiceProvider provider)
    {
        ProxyServer server;
        try
        {
            server = await ProxyServer.StartAsync(settings, provider.GetRequiredService<TimeProvider>()).ConfigureAwait(false);
        }
        catch (IOException ex)
        {
            var reason = ex.InnerException?.Message ?? ex.Message;
            CommandLog.Of(provider).LogError("{Sentence}", $"Cannot listen on {Authority(settings.Listen)}: {reason.TrimEnd('.')}.");
            return ExitCodes.Failure;
        }

        // The proxy's settings hold no secret: its limits, faults, addresses and seed.
        CommandLog.Of(provider).LogDebug("settings in effect: {Settings}", settings);
        await using (server.ConfigureAwait(false))
        {
            await Console.Out.WriteLineAsync($"proxy listening on {Authority(server.Listening)} → target {Authority(settings.Target)}").ConfigureAwait(false);
            await stopped.ConfigureAwait(false);
            await server.StopAsync().ConfigureAwait(false);
            await Console.Out.WriteLineAsync(server.Stats.ToJson()).ConfigureAwait(false);
        }

        return ExitCodes.Success;
    }
}
