using System.Collections;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.Text.Json;
using TableLoad.ChildRuns;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Sweep;

namespace TableLoad.Cli;

/// <summary>
/// Turns the sweep's options into <see cref="SweepSettings"/>. Every cell's command line is checked by
/// run's own rules (<see cref="RunSettingsFactory"/>) here, so bad input stops the sweep before any cell runs.
/// </summary>
internal static class SweepSettingsFactory
{
    /// <param name="variables">The TABLELOAD_* variables the cells inherit, layered in front of each cell's command line as its run will.</param>
    public static SweepSettings Create(ParseResult parse, SweepOptions options, DateTimeOffset now, Func<string, string?> environment, IDictionary? variables = null)
    {
        // The sweep's own options first, every fault listed; then the cells by run's rules; then all at once.
        var errors = new UsageErrors();

        // A knob list that was refused stands in as its default, so the cells are still judged on the other knobs and
        // every fault is said at once; the sweep is refused all the same.
        var defaults = parse.CommandResult.Command.Parse([]);
        T Knob<TValue, T>(Option<TValue> option, Func<TValue?, T?> read) where T : class =>
            errors.Try(() => read(parse.GetValue(option))) ?? read(defaults.GetValue(option))!;

        var run = options.Run;
        IReadOnlyList<int>? Integers(string? text, Option<string> option, Bounded<int> bound, string example) =>
            KnobBounds.Within(KnobListParser.Integers(text, option.Name, example), bound, errors);
        var knobs = new SweepKnobs(
            Knob(options.Client, KnobListParser.Clients),
            Knob(options.Runtime, KnobListParser.Runtimes),
            Knob(options.Processes, text => Integers(text, options.Processes, run.Processes, "1,2,3")),
            Knob(options.Tasks, text => Integers(text, options.Tasks, run.Tasks, "4,12,32")),
            Knob(options.BatchSize, text => BatchSizes(KnobListParser.BatchSizes(text), run.BatchSize, errors)),
            Knob(options.EntitySize, text => Integers(text, options.EntitySize, run.EntitySize, "1024,4096")?.Select(EntityShape.OfSize).ToList()),
            Knob(options.Partitions, KnobListParser.Partitions),
            Knob(options.Rate, text => Rates(text, run.Rate, errors)))
        {
            Operations = Knob(options.Operation, KnobListParser.Operations),
        };
        if (OperationsFrom(parse, run) is { } given)
        {
            // The mix (or the preset's), passed to every cell, names each cell's operations: no cell is given an --operation.
            errors.Require(!parse.IsGiven(options.Operation), $"{given} names each cell's operations: give {given} or --operation, not both.");
            knobs = knobs with { Operations = [CellWorkload.Mix] };
        }
        if (parse.GetValue(run.Entity) is { } sample)
        {
            // The sample makes every cell's entity, so no cell is given an --entity-size.
            errors.Require(!parse.IsGiven(options.EntitySize),
                $"--entity-size contradicts --entity {sample}, whose properties make every cell's entity: give one or the other.");
            knobs = knobs with { EntitySizes = [EntityShape.Sample] };
        }

        var scenarios = ScenariosOf(parse.GetValue(run.Config), run);
        if (scenarios.Count > 0)
        {
            RefuseLoadKnobs(parse, options, scenarios, errors);
            knobs = knobs.OfScenarios();
        }

        var repeat = options.Repeat.ValueIn(parse, errors);
        var cooldown = options.Cooldown.ValueIn(parse, errors);
        var closeRounds = options.CloseRounds.ValueIn(parse, errors);
        var stopWhenThrottled = ParsePercent(errors, options.StopWhenThrottled.Name, parse.GetValue(options.StopWhenThrottled));
        var resume = parse.GetValue(options.Resume);
        var output = parse.GetValue(options.Output);
        errors.Require(!resume || output is not null, "--resume needs the --output folder of the sweep to continue.");
        var passes = repeat ?? 1;
        if (resume && output is not null && errors.Try(() => EarlierSweep(output)) is { } earlier)
        {
            (knobs, passes) = ResumedGrid(parse, options, knobs, passes, earlier);
        }

        var table = parse.GetValue(options.Run.Table);
        var runArguments = PassThroughArguments(parse, options.PassThrough);
        if (table is not null && !parse.GetValue(options.Run.KeepTable))
        {
            // Every cell shares the one table, so no cell may delete it under the next.
            runArguments.Add(options.Run.KeepTable.Name);
        }

        var connection = parse.GetValue(options.ConnectionString) ?? environment(SecretVariables.ConnectionString);
        var sas = parse.GetValue(options.Sas) ?? environment(SecretVariables.Sas);
        var commandLine = new CellCommandLine(
            runArguments, table, output ?? Path.Combine("results", "sweep-" + now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)));
        // The cells' folders lie under it: a refused folder would be refused again for each.
        // Its own files are --resume's to judge (ResumableFolder); any other result files would be overwritten or mixed with.
        var outputWritable = OutputPaths.CheckFolder(errors, options.Output, commandLine.OutputDirectory)
            && OutputPaths.CheckNoEarlierResults(errors, options.Output, commandLine.OutputDirectory, ResultFiles.SweepCsv, ResultFiles.SweepJson);
        var cells = SweepGrid.Expand(knobs, passes);

        // The cells see exactly the secrets the launcher will put in their environment.
        var first = !outputWritable ? null : ValidateCells(cells.Where(c => c.Repeat == 1).ToList(), commandLine, knobs.CellsPerPass > 1, now, errors, variables ?? new Hashtable(), name =>
            name == SecretVariables.ConnectionString ? connection : name == SecretVariables.Sas ? sas : null);
        // The cells' own settings, so a --fail-if from a --config profile or TABLELOAD_FAIL_IF counts as one given here.
        var junit = parse.GetValue(options.Junit);
        errors.Require(options.Junit, junit is null || first is null || first.Gates.Any, GateOptions.JunitWithoutGate);
        OutputPaths.CheckFile(errors, options.Junit, junit, commandLine.OutputDirectory);
        errors.ThrowIfAny();
        return new SweepSettings
        {
            Knobs = knobs,
            Cells = cells,
            Repeat = passes,
            Scenarios = scenarios,
            Cooldown = cooldown.GetValueOrDefault(),
            CloseRounds = closeRounds ?? 0,
            StopWhenThrottledPercent = stopWhenThrottled,
            Resume = resume,
            Thresholds = first?.Gates.FailIf ?? [],
            AbortIf = first?.Gates.AbortIf ?? [],
            JunitPath = junit,
            Report = parse.GetValue(options.Report),
            OutputDirectory = commandLine.OutputDirectory,
            Table = table,
            RunArguments = runArguments,
            ConnectionString = connection is null ? null : new SecretText(connection),
            Sas = sas is null ? null : new SecretText(sas),
            Target = first!.Target,
            CellTime = first.Warmup + first.Duration,
            StartedUtc = now,
        };
    }

    /// <summary>Checks each of <paramref name="cells"/>' command line as its run would, up to the first refused cell; returns the first cell's settings.</summary>
    /// <param name="nameEachCell">Each refusal names its cell (when the cells differ).</param>
    public static RunSettings? ValidateCells(
        IReadOnlyList<SweepCell> cells, CellCommandLine commandLine, bool nameEachCell, DateTimeOffset now, UsageErrors errors, IDictionary variables, Func<string, string?> cellEnvironment)
    {
        string InCell(string message, SweepCell cell) => nameEachCell ? $"{message.TrimEnd('.')} (in cell {cell.Name})." : message;
        RunSettings? first = null;
        foreach (var cell in cells)
        {
            var args = CellArguments.For(commandLine, cell, ChildTable.FreshName(now, 1));
            // Every fault of the first cell run refuses, each sentence naming the cell; later cells would mostly repeat them.
            if (ChildRunCheck.Validate([.. args.Skip(1)], message => InCell(message, cell), now, errors, variables, cellEnvironment) is not { } runSettings)
            {
                return first;
            }

            first ??= runSettings;
        }

        return first;
    }

    /// <summary>The option that names a run's operations in place of --operation (--mix, or --workload's preset mix); null for neither.</summary>
    internal static string? OperationsFrom(ParseResult parse, RunOptions run) =>
        parse.IsGiven(run.Mix) ? run.Mix.Name : parse.IsGiven(run.Workload) ? run.Workload.Name : null;

    /// <summary>The scenarios of the child runs' profile; none when it has none, or when it is refused (each child's check then says why).</summary>
    internal static IReadOnlyList<string> ScenariosOf(string? config, RunOptions run)
    {
        try
        {
            return ScenarioProfile.Names(config, run);
        }
        catch (UsageException)
        {
            return [];
        }
    }

    /// <summary>
    /// A profile's scenarios hold each load (operation, tasks, batch size, entity, partitions, rate), so a knob list of one would
    /// override every scenario's own value: refused, and so is a scenario whose figures' column would be one of every sweep.csv.
    /// </summary>
    private static void RefuseLoadKnobs(ParseResult parse, SweepOptions options, IReadOnlyList<string> scenarios, UsageErrors errors)
    {
        var config = parse.GetValue(options.Run.Config);
        var given = options.LoadKnobs.Where(parse.IsGiven).Select(o => o.Name).ToList();
        if (given.Count > 0)
        {
            var knobs = given.Count == 1 ? given[0] : $"{string.Join(", ", given[..^1])} and {given[^1]}";
            errors.Require(false,
                $"{knobs} {(given.Count == 1 ? "is" : "are")} each scenario's own in --config {config} ({string.Join(", ", scenarios)}): " +
                "a sweep over scenarios varies --client, --runtime and --processes, and each cell runs the scenarios as the profile declares them.");
        }

        foreach (var (scenario, column) in SweepCsv.Clashes(scenarios))
        {
            errors.Require(false, $"--config {config}: the scenario '{scenario}' would name sweep.csv's column {column}, which is every cell's own: name it otherwise.");
        }
    }

    /// <summary>The sweep.json of the sweep being resumed, if it has one.</summary>
    private static SweepDescription? EarlierSweep(string output)
    {
        var path = Path.Combine(output, ResultFiles.SweepJson);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            return ResultJson.Read(path, SweepJson.Description);
        }
        catch (JsonException)
        {
            throw new UsageException($"{path} is not readable, so the sweep cannot be resumed; choose another --output.");
        }
    }

    /// <summary>Resume runs the grid the sweep was started with, unless knob lists are given (to extend it); likewise --repeat.</summary>
    private static (SweepKnobs Knobs, int Repeat) ResumedGrid(ParseResult parse, SweepOptions options, SweepKnobs knobs, int repeat, SweepDescription earlier)
    {
        // A closed-model sweep written before rates were nullable lists no rate at all.
        var earlierKnobs = earlier.Knobs.Rates.Count == 0 ? earlier.Knobs with { Rates = [null] } : earlier.Knobs;
        // A sweep written before --runtime was a knob ran every cell tuned.
        earlierKnobs = earlierKnobs.Runtimes is null ? earlierKnobs with { Runtimes = [SweepCell.DefaultRuntime] } : earlierKnobs;
        var knobsGiven = options.Knobs.Any(parse.IsGiven);
        var repeatGiven = parse.IsGiven(options.Repeat.Option);
        return (knobsGiven ? knobs : earlierKnobs, repeatGiven ? repeat : earlier.Options.Repeat);
    }

    /// <summary>The options of <paramref name="passThrough"/> the user gave, with their values, as a child run's arguments.</summary>
    public static List<string> PassThroughArguments(ParseResult parse, IEnumerable<Option> passThrough)
    {
        var args = new List<string>();
        foreach (var option in passThrough)
        {
            if (parse.GetResult(option) is OptionResult { Implicit: false } given)
            {
                // A flag has no value; a repeated option (--abort-if) is given again before each of its values.
                args.AddRange(given.Tokens.Count == 0 ? [option.Name] : given.Tokens.SelectMany(t => new[] { option.Name, t.Value }));
            }
        }

        return args;
    }

    /// <summary>The rates, each judged by run's bound; the closed model's null is no rate to judge.</summary>
    private static IReadOnlyList<RateTarget?>? Rates(string? text, RateOption bound, UsageErrors errors)
    {
        var rates = KnobListParser.Rates(text);
        var accepted = true;
        foreach (var rate in rates.OfType<RateTarget>())
        {
            accepted &= errors.Require(bound.Option, bound.Accepts(rate), bound.Refusal(rate));
        }

        return accepted ? rates : null;
    }

    /// <summary>The batch sizes when run accepts each of them (none always); null when one is refused, each refusal listed in <paramref name="errors"/>.</summary>
    private static IReadOnlyList<Batching>? BatchSizes(IReadOnlyList<Batching> sizes, BatchSizeOption bound, UsageErrors errors) =>
        sizes.Select(size => bound.Judged(size, errors)).ToList() is var judged && judged.All(size => size is not null) ? sizes : null;

    /// <summary>A percentage such as 5% or 0.5; null when none was given or it is refused (then listed in <paramref name="errors"/>).</summary>
    public static double? ParsePercent(UsageErrors errors, string option, string? text)
    {
        if (text is null)
        {
            return null;
        }

var read = Percentage.TryParse(text, signOptional: true, out var percent);
        errors.Require(read, $"{option} must be a percentage from 0 to 100 such as 5%, not '{text}'.");
        return read ? percent : null;
    }
}
