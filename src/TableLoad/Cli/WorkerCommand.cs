using System.CommandLine;
using System.Runtime.InteropServices;
using TableLoad.Engine.Fleet;

namespace TableLoad.Cli;

/// <summary>The hidden <c>tableload worker</c> command a coordinator starts; it is driven over stdin and stdout only.</summary>
internal static class WorkerCommand
{
    public static Command Create()
    {
        var command = new Command("worker", "Internal: one worker process of a multi-process run.") { Hidden = true };
        command.SetAction(async (_, _) =>
        {
            // Ctrl+C in a terminal reaches the whole process group; the worker obeys its coordinator instead.
            using var sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, context => context.Cancel = true);
            return await new WorkerHost(Console.In, Console.Out, TimeProvider.System).RunAsync().ConfigureAwait(false);
        });
        return command;
    }
}
