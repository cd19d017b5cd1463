using System.Collections;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using TableLoad.Settings;
using TableLoad.Sweep;
using TableLoad.Tune;

namespace TableLoad.Cli;

/// <summary>
/// Turns tune's options into <see cref="TuneSettings"/>. The corners of the search space are checked by run's
/// own rules (as a sweep checks its cells), so bad input stops tune before any probe runs.
/// </summary>
internal static class TuneSettingsFactory
{
    public static TuneSettings Create(ParseResult parse, TuneOptions options, DateTimeOffset now, Func<string, string?> environment, IDictionary? variables = null)
    {
        var errors = new UsageErrors();
        var p99 = P99(parse.GetValue(options.P99), errors);
        var maxThrottled = SweepSettingsFactory.ParsePercent(errors, options.MaxThrottled.Name, parse.GetValue(options.MaxThrottled));
        var maxTasks = options.MaxTasks.ValueIn(parse, errors);
        var maxProcesses = options.MaxProcesses.ValueIn(parse, errors);
        var batchSizes = parse.GetValue(options.BatchSize) is { } list
            ? errors.Try(() => KnobListParser.Integers(list, options.BatchSize.Name, "25,50,100").Order().ToList())
            : null;
        errors.Require(batchSizes is null || batchSizes.All(b => b is >= 1 and <= TuneSpace.MaxBatchSize), $"{options.BatchSize.Name} values must be from 1 to {TuneSpace.MaxBatchSize} (a batch holds at most {TuneSpace.MaxBatchSize} entities).");
        var budget = options.Budget.ValueIn(parse, errors);
        var confirm = options.Confirm.ValueIn(parse, errors);
        var duration = options.Duration.ValueIn(parse, errors);
        var warmup = options.Warmup.ValueIn(parse, errors);
        var confirmDuration = ConfirmDuration(parse.GetValue(options.ConfirmDuration), duration, errors, options);
        var resume = parse.GetValue(options.Resume);
        var output = parse.GetValue(options.Output);
        errors.Require(!resume || output is not null, "--resume needs the --output folder of the tune to continue.");
        errors.ThrowIfAny();

        var runArguments = SweepSettingsFactory.PassThroughArguments(parse, options.PassThrough);
        if (parse.GetValue(options.Run.Table) is not null && !parse.GetValue(options.Run.KeepTable))
        {
            // Every probe shares the one table, so no probe may delete it under the next.
            runArguments.Add(options.Run.KeepTable.Name);
        }

        var model = ModelCell(parse, options.Run, errors);
        if (parse.GetValue(options.Run.Entity) is { } sample)
        {
            // The sample makes every probe's entity, so no probe is given an --entity-size.
            errors.Require(parse.GetResult(options.Run.EntitySize.Option) is not OptionResult { Implicit: false },
                $"--entity-size contradicts --entity {sample}, whose properties make every probe's entity: give one or the other.");
            model = model with { Entity = EntityShape.Sample };
        }

        errors.ThrowIfAny();
        var settings = new TuneSettings
        {
            Probes = ProbeSweep(parse, options, now, output, runArguments, warmup!.Value, duration!.Value, environment),
            Confirms = null!, // the probes' settings with the confirm runs' duration, below
            Model = model,
            Space = new TuneSpace(maxTasks!.Value, maxProcesses!.Value, batchSizes),
            Constraints = new TuneConstraints(p99, maxThrottled ?? TuneConstraints.DefaultMaxThrottledPercent, TuneConstraints.DefaultMaxFailedPercent),
            Budget = budget!.Value,
            Confirm = confirm!.Value,
            ProbeDuration = duration.Value,
            ConfirmDuration = confirmDuration!.Value,
            Warmup = warmup.Value,
            Resume = resume,
            Report = parse.GetValue(options.Report),
            RunArguments = runArguments,
            RunDefaults = RunDefaultsOf(new RunOptions()),
        };
        settings = settings with { Confirms = settings.Probes with { RunArguments = RunArguments(runArguments, warmup.Value, confirmDuration.Value) } };

        var needed = settings.ProbeTime + (settings.Confirm * settings.ConfirmTime);
        errors.Require(
            settings.Budget >= needed,
            $"--budget {DurationParser.Format(settings.Budget)} is shorter than one probe and the {settings.Confirm} confirm {(settings.Confirm == 1 ? "run" : "runs")} " +
            $"(about {DurationParser.Format(needed)} with {TuneSettings.RunOverhead.TotalSeconds:0} s each to start); give a longer --budget, or a shorter --duration, --confirm-duration or --confirm.");

        // Every corner of the search space must be a run that run accepts, with the secrets the probes will have.
        var corners = Corners(settings).Select(k => settings.Cell(k)).ToList();
        var connection = settings.Probes.ConnectionString?.Reveal();
        var sas = settings.Probes.Sas?.Reveal();
        var first = SweepSettingsFactory.ValidateCells(settings.Probes with { Cells = corners }, now, errors, variables ?? new Hashtable(), name =>
            name == SecretVariables.ConnectionString ? connection : name == SecretVariables.Sas ? sas : null);
        errors.ThrowIfAny();
        var target = first!.Target;
        return settings with
        {
            Probes = settings.Probes with { Target = target, CellTime = settings.ProbeTime },
            Confirms = settings.Confirms with { Target = target, CellTime = settings.ConfirmTime },
        };
    }

    /// <summary>The user's data model in its canonical spelling (so <c>SDK</c> and <c>sdk</c> name one folder), the searched knobs at 1.</summary>
    private static SweepCell ModelCell(ParseResult parse, RunOptions run, UsageErrors errors) => new(
        errors.Try(() => One(KnobListParser.Clients(parse.GetValue(run.Client)), run.Client.Name)) ?? "",
        1,
        1,
        1,
        EntityShape.OfSize(run.EntitySize.ValueOf(parse) ?? 0),
        errors.Try(() => One(KnobListParser.Partitions(parse.GetValue(run.Partitions)), run.Partitions.Name)) ?? "",
        null,
        1)
    {
        Runtime = errors.Try(() => One(KnobListParser.Runtimes(parse.GetValue(run.Runtime)), run.Runtime.Name)) ?? "",
        Operation = errors.Try(() => One(KnobListParser.Operations(parse.GetValue(run.Operation)), run.Operation.Name)) ?? "",
    };

    private static string One(IReadOnlyList<string> values, string option) => values.Count == 1
        ? values[0]
        : throw new UsageException($"tune takes one {option}, not {values.Count}: it is part of the load being tuned; tune each value on its own, or compare them with sweep.");

    private static RunDefaults RunDefaultsOf(RunOptions run)
    {
        var defaults = run.CreateCommand().Parse([]);
        var errors = new UsageErrors();
        var cell = ModelCell(defaults, run, errors) with
        {
            Processes = run.Processes.ValueOf(defaults) ?? 1,
            Tasks = run.Tasks.ValueOf(defaults) ?? 1,
            BatchSize = run.BatchSize.ValueOf(defaults) ?? 1,
        };
        return new RunDefaults(cell, run.Warmup.ValueIn(defaults, errors) ?? TimeSpan.Zero, run.Duration.ValueIn(defaults, errors) ?? TimeSpan.Zero);
    }

    /// <summary>The fewest and the most processes and tasks, at the smallest and the largest batch size.</summary>
    private static IEnumerable<TuneKnobs> Corners(TuneSettings settings)
    {
        var sizes = settings.Space.BatchSizes ?? [1, TuneSpace.MaxBatchSize];
        return new[] { sizes[0], sizes[^1] }.Distinct()
            .SelectMany(b => new[] { new TuneKnobs(1, 1, b), new TuneKnobs(settings.Space.MaxProcesses, settings.Space.MaxTasks, b) })
            .Distinct();
    }

    private static SweepSettings ProbeSweep(
        ParseResult parse, TuneOptions options, DateTimeOffset now, string? output, IReadOnlyList<string> runArguments, TimeSpan warmup, TimeSpan duration, Func<string, string?> environment)
    {
        var connection = parse.GetValue(options.ConnectionString) ?? environment(SecretVariables.ConnectionString);
        var sas = parse.GetValue(options.Sas) ?? environment(SecretVariables.Sas);
        return new SweepSettings
        {
            // Read only when the corners of the space are checked: several values, so a refusal names the probe it came from.
            Knobs = new SweepKnobs([], [], [1, 2], [1, 2], [1, 2], [], [], [null]),
            Cells = [],
            OutputDirectory = output ?? Path.Combine("results", "tune-" + now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)),
            Table = parse.GetValue(options.Run.Table),
            RunArguments = RunArguments(runArguments, warmup, duration),
            ConnectionString = connection is null ? null : new SecretText(connection),
            Sas = sas is null ? null : new SecretText(sas),
            Target = null!, // taken from the first probe's run settings
            StartedUtc = now,
        };
    }

    private static List<string> RunArguments(IReadOnlyList<string> given, TimeSpan warmup, TimeSpan duration) =>
        [.. given, "--warmup", DurationParser.Format(warmup), "--duration", DurationParser.Format(duration)];

    private static TimeSpan? P99(string? text, UsageErrors errors)
    {
        if (text is null)
        {
            return null;
        }

        if (!errors.Require(DurationParser.TryParse(text, out var p99), $"--p99 '{text}' is not a duration; use forms such as {BoundedDuration.Forms}."))
        {
            return null;
        }

        return errors.Require(p99 > TimeSpan.Zero, $"--p99 must be greater than 0s, not {text}: no batch is answered in no time, so no configuration could meet it.") ? p99 : null;
    }

    private static TimeSpan? ConfirmDuration(string? text, TimeSpan? duration, UsageErrors errors, TuneOptions options)
    {
        if (text is null)
        {
            return duration * 2;
        }

        if (!errors.Require(DurationParser.TryParse(text, out var confirm), $"{options.ConfirmDuration.Name} '{text}' is not a duration; use forms such as {BoundedDuration.Forms}."))
        {
            return null;
        }

        return errors.Require(options.Duration.Accepts(confirm), $"{options.ConfirmDuration.Name} must be {options.Duration.Range}, not {text}.") ? confirm : null;
    }
}
