using System.CommandLine;
using System.Runtime.InteropServices;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using TableLoad.Engine.Fleet;
using TableLoad.Hosting;

namespace TableLoad.Cli;

/// <summary>The hidden <c>tableload worker</c> command a coordinator starts; it is driven over stdin and stdout only.</summary>
internal static class WorkerCommand
{
    public static Command Create()
    {
        var command = new Command("worker", "Internal: one worker process of a multi-process run.") { Hidden = true };
        command.SetAction(async (parse, _) => await CommandHost.RunAsync(
            parse.GetValue(TableLoadCli.Verbosity),
            _ => { },
            // Ctrl+C in a terminal reaches the whole process group; the worker obeys its coordinator instead.
            _ => () => { },
            provider =>
            {
                CommandLog.Of(provider).LogDebug("worker: Ctrl+C is left to the coordinator.");
                return new WorkerHost(Console.In, Console.Out, provider.GetRequiredService<TimeProvider>()).RunAsync();
            },
            [PosixSignal.SIGINT]).ConfigureAwait(false));
        return command;
    }
}
