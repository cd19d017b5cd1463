using System.CommandLine;

namespace TableLoad.Cli;

/// <summary>Builds the <c>tableload</c> command tree and runs it.</summary>
internal static class TableLoadCli
{
    public static RootCommand CreateRootCommand()
    {
        var root = new RootCommand("TableLoad: a load tester for Azure Table Storage batch inserts (entity group transactions).");
        return root;
    }

    public static Task<int> InvokeAsync(string[] args) => CreateRootCommand().Parse(args).InvokeAsync();
}
