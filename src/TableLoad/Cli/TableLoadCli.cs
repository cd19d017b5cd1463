using System.CommandLine;

namespace TableLoad.Cli;

/// <summary>Builds the <c>tableload</c> command tree and runs it, turning parse errors into one sentence.</summary>
internal static class TableLoadCli
{
    public static RootCommand CreateRootCommand()
    {
        var root = new RootCommand("TableLoad: a load tester for Azure Table Storage batch inserts (entity group transactions).")
        {
            RunCommand.Create(),
            SweepCommand.Create(),
            WorkerCommand.Create(),
            ReportCommand.Create(),
            ProxyCommand.Create(),
        };
        return root;
    }

    public static async Task<int> InvokeAsync(string[] args)
    {
        var parse = CreateRootCommand().Parse(args);
        if (parse.Errors.Count > 0)
        {
            var command = parse.CommandResult.Command;
            var path = command is RootCommand ? "tableload" : $"tableload {command.Name}";
            await Console.Error.WriteLineAsync($"{parse.Errors[0].Message.TrimEnd('.')}; see '{path} --help'.").ConfigureAwait(false);
            return ExitCodes.BadInput;
        }

        // TableLoad handles Ctrl+C itself so that results are always written.
        return await parse.InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = null }).ConfigureAwait(false);
    }
}
