using System.CommandLine;
using TableLoad.Hosting;

namespace TableLoad.Cli;

/// <summary>Builds the <c>tableload</c> command tree and runs it, turning parse errors into one sentence.</summary>
internal static class TableLoadCli
{
    /// <summary>For every command: how much it says on stderr.</summary>
    public static readonly Option<Verbosity> Verbosity = new("--verbosity")
    {
        Description = "What goes to stderr: quiet (warnings and errors only, no progress lines), normal (also progress and notices) or detailed (also the settings in effect, secrets left out, and each phase's time). The results on stdout are the same at every level.",
        DefaultValueFactory = _ => Hosting.Verbosity.Normal,
        HelpName = "quiet|normal|detailed",
        Recursive = true,
        // One sentence for a wrong value (the enum parser's own message lists the names over several lines);
        // a number is refused although Enum.TryParse would take one.
        CustomParser = result =>
        {
            var text = result.Tokens.Count > 0 ? result.Tokens[0].Value : "";
            if (Enum.TryParse<Verbosity>(text, ignoreCase: true, out var verbosity) && Enum.IsDefined(verbosity) && text.Length > 0 && !char.IsAsciiDigit(text[0]))
            {
                return verbosity;
            }

            result.AddError($"--verbosity must be quiet, normal or detailed, not '{text}'");
            return Hosting.Verbosity.Normal;
        },
    };

    public static RootCommand CreateRootCommand()
    {
        var root = new RootCommand("TableLoad: a load tester for Azure Table Storage batch writes (entity group transactions).")
        {
            Verbosity,
            RunCommand.Create(),
            SweepCommand.Create(),
            TuneCommand.Create(),
            WorkerCommand.Create(),
            ReportCommand.Create(),
            CompareCommand.Create(),
            ProxyCommand.Create(),
        };
        return root;
    }

    /// <summary>"'foo' is not a tableload command; ..." when the first word after the root's options names no command.</summary>
    private static string? UnknownCommand(ParseResult parse, RootCommand root)
    {
        if (parse.CommandResult.Command != root || parse.UnmatchedTokens.FirstOrDefault(t => !t.StartsWith('-')) is not { } word)
        {
            return null;
        }

        var commands = root.Subcommands.Where(c => !c.Hidden).Select(c => c.Name).ToList();
        return $"'{word}' is not a tableload command; the commands are {string.Join(", ", commands[..^1])} and {commands[^1]} (see 'tableload --help').";
    }

    public static async Task<int> InvokeAsync(string[] args)
    {
        var root = CreateRootCommand();
        var parse = root.Parse(args);
        if (UnknownCommand(parse, root) is { } sentence)
        {
            // Said before --help is honoured: the root's help would answer a question about a command that does not exist.
            await Console.Error.WriteLineAsync(sentence).ConfigureAwait(false);
            return ExitCodes.BadInput;
        }

        if (parse.Errors.Count > 0)
        {
            var command = parse.CommandResult.Command;
            var path = command is RootCommand ? "tableload" : $"tableload {command.Name}";
            // Every value that does not parse, one sentence each; the settings' own checks need values that parsed.
            foreach (var fault in ParseFaults.Sentences(parse, $"{path} --help"))
            {
                await Console.Error.WriteLineAsync(fault).ConfigureAwait(false);
            }

            return ExitCodes.BadInput;
        }

        // TableLoad handles Ctrl+C itself so that results are always written.
        return await parse.InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = null }).ConfigureAwait(false);
    }
}
