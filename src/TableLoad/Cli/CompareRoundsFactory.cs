using System.Collections;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using TableLoad.ChildRuns;
using TableLoad.Rounds;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// Turns compare's options for comparing by rounds into <see cref="RoundsSettings"/>, every fault said at once before any run:
/// each side's run options are parsed by run's own parser and each side's whole command line checked by run's own rules.
/// </summary>
internal static class CompareRoundsFactory
{
    /// <summary>The options every run is given by compare itself; a side that sets one is refused.</summary>
    private static IEnumerable<Option> SetByCompare(RunOptions run) => [.. ChildRunOptions.SetForEachChild(run), .. ChildRunOptions.NotOfCompare(run)];

    /// <param name="folders">The run folders given as arguments, which a comparison by rounds does not take.</param>
    /// <param name="variables">The TABLELOAD_* variables the runs inherit, layered in front of each run's command line as its run will.</param>
    public static RoundsSettings Create(
        ParseResult parse, CompareRoundsOptions options, IReadOnlyList<string> folders, string? failOn, bool runNoiseGiven, bool json,
        DateTimeOffset now, Func<string, string?> environment, IDictionary variables)
    {
        var errors = new UsageErrors();
        var gated = CompareInputs.Figures(failOn, errors);
        var rounds = options.Rounds.ValueIn(parse, errors);
        var (baseText, newText) = (parse.GetValue(options.Base), parse.GetValue(options.New));
        errors.Require(parse.IsGiven(options.Rounds.Option), $"{(baseText is null ? "--new" : "--base")} needs --rounds N: compare runs the two configurations in rounds.");
        errors.Require(baseText is not null && newText is not null, "--rounds needs --base and --new, each a configuration's run options in quotes (e.g. --base \"--tasks 4\" --new \"--tasks 8\").");
        foreach (var unknown in folders.Where(f => f.StartsWith('-')))
        {
            errors.Require(false, $"Unknown option '{unknown}': compare --rounds takes run's options but those it sets itself or has no use for; see 'tableload compare --help'.");
        }

        errors.Require(folders.All(f => f.StartsWith('-')), $"--rounds makes its own runs, so it takes no run folders ({string.Join(", ", folders.Select(f => $"'{f}'"))}): give two folders or --rounds, not both.");
        errors.Require(!runNoiseGiven, "--run-noise has no place with --rounds: the rounds' paired differences measure the run-to-run variation themselves.");

        var shared = SweepSettingsFactory.PassThroughArguments(parse, options.PassThrough);
        var sharedParse = new RunOptions().CreateCommand().Parse(shared);
        var sides = new[] { (Name: RoundsOrder.Base, Option: options.Base, Text: baseText), (Name: RoundsOrder.New, Option: options.New, Text: newText) }
            .Select(s => s.Text is null ? null : SideArguments(s.Option, s.Text, sharedParse, errors))
            .ToList();
        errors.Require(sides[0] is null || sides[1] is null || !sides[0]!.SequenceEqual(sides[1]!, StringComparer.Ordinal),
            $"--base and --new are the same ('{baseText}'): rounds of one command line against itself compare nothing; for two runs of one configuration make them differ in what is no knob, e.g. --key-prefix.");

        var table = parse.GetValue(options.Run.Table);
        var output = parse.GetValue(options.Output) ?? Path.Combine("results", "compare-" + now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
        _ = OutputPaths.CheckFolder(errors, options.Output, output) && OutputPaths.CheckNoEarlierResults(errors, options.Output, output);

        var connection = parse.GetValue(options.ConnectionString) ?? environment(SecretVariables.ConnectionString);
        var sas = parse.GetValue(options.Sas) ?? environment(SecretVariables.Sas);
        // The runs see exactly the secrets the launcher will put in their environment.
        string? RunEnvironment(string name) => name == SecretVariables.ConnectionString ? connection : name == SecretVariables.Sas ? sas : null;
        RoundsSide? Side(int index, Option option, string name, string? text)
        {
            // The runs' folders lie under --output: a refused one would be refused again for each.
            if (sides[index] is not { } own || !errors.Accepted(options.Output))
            {
                return null;
            }

            var args = (List<string>)[.. own, .. shared];
            var check = ChildRunCheck.Validate(
                [.. args, "--output", Path.Combine(output, name), "--table", table ?? ChildTable.FreshName(now, 1)], m => $"{m.TrimEnd('.')} (in {option.Name}).", now, errors, variables, RunEnvironment);
            return check is null ? null : new RoundsSide(name, text!, args) { Time = check.Warmup + check.Duration };
        }

        var before = Side(0, options.Base, RoundsOrder.Base, baseText);
        var after = Side(1, options.New, RoundsOrder.New, newText);
        errors.ThrowIfAny();
        return new RoundsSettings
        {
            Rounds = rounds!.Value,
            Base = before!,
            New = after!,
            SharedArguments = shared,
            Table = table,
            OutputDirectory = output,
            ConnectionString = connection is null ? null : new SecretText(connection),
            Sas = sas is null ? null : new SecretText(sas),
            Gated = gated,
            Json = json,
            RunTime = before!.Time > after!.Time ? before.Time : after.Time,
            StartedUtc = now,
        };
    }

    /// <summary>
    /// A side's own run options, as run's parser reads them, without those the shared options also give (the same value: given once);
    /// null when refused: run's own sentence naming the side, an option compare sets for each run, or one set apart from the shared value.
    /// </summary>
    private static List<string>? SideArguments(Option side, string text, ParseResult shared, UsageErrors errors)
    {
        var run = new RunOptions();
        var parse = run.CreateCommand().Parse(CommandLineParser.SplitCommandLine(text).ToList());
        if (parse.Errors.Count > 0)
        {
            foreach (var fault in ParseFaults.Sentences(parse, "tableload run --help"))
            {
                errors.Require(false, $"{side.Name} \"{text}\": {fault}");
            }

            return null;
        }

        var setByCompare = SetByCompare(run).ToHashSet();
        var own = new List<Option>();
        var accepted = true;
        foreach (var option in run.All.Where(parse.IsGiven))
        {
            var sharedOption = shared.CommandResult.Command.Options.Single(o => o.Name == option.Name);
            if (setByCompare.Contains(option))
            {
                accepted = errors.Require(false, $"{side.Name} sets {option.Name}, which compare sets for each run; leave it out.") && accepted;
            }
            else if (!shared.IsGiven(sharedOption))
            {
                own.Add(option);
            }
            else if (Tokens(parse, option) != Tokens(shared, sharedOption))
            {
                accepted = errors.Require(false,
                    $"{side.Name} sets {option.Name} {Tokens(parse, option)}, which the shared options set to {Tokens(shared, sharedOption)}: give it for both sides once, or in --base and --new alone.") && accepted;
            }
        }

        return accepted ? SweepSettingsFactory.PassThroughArguments(parse, own) : null;
    }

    private static string Tokens(ParseResult parse, Option option) =>
        parse.GetResult(option) is OptionResult { Tokens: var tokens } && tokens.Count > 0 ? string.Join(' ', tokens.Select(t => t.Value)) : "(on)";
}
