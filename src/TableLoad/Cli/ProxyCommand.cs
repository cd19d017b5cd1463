using System.CommandLine;
using System.Runtime.InteropServices;
using TableLoad.Proxy;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary><c>tableload proxy</c>: a local throttling and fault emulator in front of a Table endpoint such as Azurite.</summary>
internal static class ProxyCommand
{
    public static Command Create()
    {
        var options = new ProxyOptions();
        var command = new Command(
            "proxy",
            "Run a reverse proxy that throttles and faults batches and inserts as the service would, forwarding everything else untouched. " +
            "Prints one line when listening and, on Ctrl+C or SIGTERM, its counters as one JSON line (also at GET /_proxy/stats). " +
            "Exit codes: 0 stopped, 1 cannot listen, 2 bad input.");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        command.SetAction(async (parse, _) =>
        {
            ProxySettings settings;
            try
            {
                settings = ProxySettingsFactory.Create(parse, options, File.ReadAllText);
            }
            catch (UsageException ex)
            {
                await Console.Error.WriteLineAsync(ex.Message).ConfigureAwait(false);
                return ExitCodes.BadInput;
            }

            var stop = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            using var sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, OnSignal);
            using var sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, OnSignal);
            void OnSignal(PosixSignalContext context)
            {
                context.Cancel = true;
                stop.TrySetResult();
            }

            ProxyServer server;
            try
            {
                server = await ProxyServer.StartAsync(settings, TimeProvider.System).ConfigureAwait(false);
            }
            catch (IOException ex)
            {
                var reason = ex.InnerException?.Message ?? ex.Message;
                await Console.Error.WriteLineAsync($"Cannot listen on {Authority(settings.Listen)}: {reason.TrimEnd('.')}.").ConfigureAwait(false);
                return ExitCodes.Failure;
            }

            await using (server.ConfigureAwait(false))
            {
                await Console.Out.WriteLineAsync($"proxy listening on {Authority(server.Listening)} → target {Authority(settings.Target)}").ConfigureAwait(false);
                await stop.Task.ConfigureAwait(false);
                await server.StopAsync().ConfigureAwait(false);
                await Console.Out.WriteLineAsync(server.Stats.ToJson()).ConfigureAwait(false);
            }

            return ExitCodes.Success;
        });
        return command;
    }

    private static string Authority(Uri uri) => uri.GetLeftPart(UriPartial.Authority);
}
