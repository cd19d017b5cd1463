using System.Collections;
using System.CommandLine;
using System.Globalization;
using TableLoad.ChildRuns;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;
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
        // Every option is judged in one pass; a refused value stands in as its default, so the checks after it
        // (the budget, the corners of the space) still run and every fault is said at once.
        var errors = new UsageErrors();
        var defaults = parse.CommandResult.Command.Parse([]);
        T Judged<T>(Func<ParseResult, T?> judge) where T : struct => judge(parse) ?? judge(defaults)!.Value;
        var p99 = parse.IsGiven(options.P99.Option) ? options.P99.ValueIn(parse, errors) : null;
        var maxThrottled = SweepSettingsFactory.ParsePercent(errors, options.MaxThrottled.Name, parse.GetValue(options.MaxThrottled));
        var maxRu = options.MaxRequestUnits.ValueIn(parse, errors);
        var maxTasks = Judged(p => options.MaxTasks.ValueIn(p, errors));
        var maxProcesses = Judged(p => options.MaxProcesses.ValueIn(p, errors));
        // A YCSB preset sends single writes, as YCSB does: tuning its probes in transactions would tune another load.
        var batchSizes = parse.GetValue(options.BatchSize) is { } list ? BatchSizes(errors.Try(() => KnobListParser.BatchSizes(list)), options, errors)
            : parse.IsGiven(options.Run.Workload) ? [WorkloadPreset.Batching]
            : null;
        var budget = Judged(p => options.Budget.ValueIn(p, errors));
        var confirm = Judged(p => options.Confirm.ValueIn(p, errors));
        var closeRounds = options.CloseRounds.ValueIn(parse, errors);
        var duration = Judged(p => options.Duration.ValueIn(p, errors));
        var warmup = Judged(p => options.Warmup.ValueIn(p, errors));
        var confirmDuration = parse.IsGiven(options.ConfirmDuration.Option) ? options.ConfirmDuration.ValueIn(parse, errors) ?? duration * 2 : duration * 2;
        var resume = parse.GetValue(options.Resume);
        var output = parse.GetValue(options.Output);
        errors.Require(!resume || output is not null, "--resume needs the --output folder of the tune to continue.");

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
            errors.Require(!parse.IsGiven(options.Run.EntitySize.Option),
                $"--entity-size contradicts --entity {sample}, whose properties make every probe's entity: give one or the other.");
            model = model with { Entity = EntityShape.Sample };
        }

        var connection = parse.GetValue(options.ConnectionString) ?? environment(SecretVariables.ConnectionString);
        var sas = parse.GetValue(options.Sas) ?? environment(SecretVariables.Sas);
        var commandLine = new CellCommandLine(
            RunArguments(runArguments, warmup, duration),
            parse.GetValue(options.Run.Table),
            output ?? Path.Combine("results", "tune-" + now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)));
        // The probes' folders lie under it: a refused folder would be refused again for each.
        // Its own files are --resume's to judge (ResumableFolder); any other result files would be overwritten or mixed with.
        var outputWritable = OutputPaths.CheckFolder(errors, options.Output, commandLine.OutputDirectory)
            && OutputPaths.CheckNoEarlierResults(errors, options.Output, commandLine.OutputDirectory, ResultFiles.TuneCsv, ResultFiles.TuneJson);
        var space = new TuneSpace(maxTasks, maxProcesses, batchSizes);
        var needed = TuneSettings.TimeOf(warmup, duration) + (confirm * TuneSettings.TimeOf(warmup, confirmDuration));
        var timed = errors.Accepted(options.Budget.Option, options.Confirm.Option, options.Duration.Option, options.Warmup.Option, options.ConfirmDuration.Option);
        errors.Require(
            !timed || budget >= needed,
            $"--budget {DurationParser.Format(budget)} is shorter than one probe and the {confirm} confirm {(confirm == 1 ? "run" : "runs")} " +
            $"(about {DurationParser.Format(needed)} with {TuneSettings.RunOverhead.TotalSeconds:0} s each to start); give a longer --budget, or a shorter --duration, --confirm-duration or --confirm.");

        // Every corner of the search space must be a run that run accepts, with the secrets the probes will have.
        var corners = Corners(space).Select(k => TuneSettings.CellOf(model, k)).ToList();
        // A plan from a --config profile or TABLELOAD_STAGES reaches every probe beside its --duration; the probes' check
        // would refuse the pair in a cell's words, so tune refuses the plan in its own before checking them.
        variables ??= new Hashtable();
        var stagedByLayers = ReachesProbes(runArguments, variables, r => r.Stages);
        var probeArguments = WithoutServiceMetrics(runArguments, options.Run, variables);
        // A profile's scenarios would meet each probe's --operation and override its knobs; tune refuses them in its own words.
        var config = parse.GetValue(options.Run.Config);
        var scenarios = SweepSettingsFactory.ScenariosOf(config, options.Run);
        var first = stagedByLayers || scenarios.Count > 0 || !outputWritable ? null : SweepSettingsFactory.ValidateCells(corners, commandLine, nameEachCell: true, now, errors, variables, name =>
            name == SecretVariables.ConnectionString ? connection : name == SecretVariables.Sas ? sas : null);
        // Given here, or reaching the probes from a --config profile, TABLELOAD_FAIL_IF or TABLELOAD_ABORT_IF.
        var refusals = options.Refused.Where(o => parse.IsGiven(o)).Select(options.WhyRefused)
            .Append(first?.Gates.Any != true ? null : TuneOptions.RefusedSentence)
            .Append(stagedByLayers ? TuneOptions.StagesSentence : null)
            .Append(scenarios.Count > 0 ? TuneOptions.ScenariosSentence(config!, scenarios) : null);
        foreach (var sentence in refusals.OfType<string>().Distinct())
        {
            errors.Require(false, sentence);
        }
        errors.ThrowIfAny();

        // The probes and the confirm runs run as a sweep's cells do, the corners of the space standing for its knobs.
        SweepSettings Children(IReadOnlyList<string> arguments, TimeSpan measured) => new()
        {
            Knobs = SweepKnobs.Of(corners),
            Cells = corners,
            OutputDirectory = commandLine.OutputDirectory,
            Table = commandLine.Table,
            RunArguments = RunArguments(arguments, warmup, measured),
            ConnectionString = connection is null ? null : new SecretText(connection),
            Sas = sas is null ? null : new SecretText(sas),
            Target = first!.Target,
            CellTime = TuneSettings.TimeOf(warmup, measured),
            StartedUtc = now,
        };

        return new TuneSettings
        {
            Probes = Children(probeArguments, duration),
            Confirms = Children(runArguments, confirmDuration),
            Model = model,
            Space = space,
            Constraints = new TuneConstraints(p99, maxThrottled ?? TuneConstraints.DefaultMaxThrottledPercent, TuneConstraints.DefaultMaxFailedPercent, maxRu),
            Budget = budget,
            Confirm = confirm,
            CloseRounds = closeRounds ?? 0,
            ProbeDuration = duration,
            ConfirmDuration = confirmDuration,
            Warmup = warmup,
            Resume = resume,
            Report = parse.GetValue(options.Report),
            RunArguments = runArguments,
            RunDefaults = RunDefaultsOf(new RunOptions()),
        };
    }

    /// <summary>
    /// The probes' arguments: only the confirm runs read the service's metrics, since a probe's wait for them (minutes on a real account) would
    /// spend the budget; none overrides a --config profile's or TABLELOAD_SERVICE_METRICS.
    /// </summary>
    private static List<string> WithoutServiceMetrics(List<string> runArguments, RunOptions run, IDictionary variables)
    {
        var name = run.ServiceMetrics.Resource.Name;
        var probes = runArguments.Where((a, i) => a != name && (i == 0 || runArguments[i - 1] != name)).ToList();
        return ReachesProbes(runArguments, variables, r => r.ServiceMetrics.Resource) ? [.. probes, name, ServiceMetricsOptions.None] : probes;
    }

    /// <summary>Whether the probes' run, reading its --config profile and the TABLELOAD_* variables, would be given <paramref name="option"/>.</summary>
    private static bool ReachesProbes(IReadOnlyList<string> runArguments, IDictionary variables, Func<RunOptions, Option> option)
    {
        var run = new RunOptions();
        try
        {
            return RunProfile.Apply(run.CreateCommand().Parse(runArguments), run, variables).IsGiven(option(run));
        }
        catch (UsageException)
        {
            // A profile that cannot be read is refused by the probes' own check, in its own sentence.
            return false;
        }
    }

    /// <summary>The user's data model in its canonical spelling (so <c>SDK</c> and <c>sdk</c> name one folder), the searched knobs at 1; a refused value stands in as run's default.</summary>
    private static SweepCell ModelCell(ParseResult parse, RunOptions run, UsageErrors errors)
    {
        var defaults = run.CreateCommand().Parse([]);
        T Pick<T>(Option<string> option, Func<string?, IReadOnlyList<T>> read) =>
            // In a list, so that a refused client (an enum) is told from a given one as a refused string is.
            errors.Try(() => new[] { One(read(parse.GetValue(option)), option.Name) }) is [var given] ? given : read(defaults.GetValue(option))[0];
        return new SweepCell(
            Pick(run.Client, KnobListParser.Clients),
            1,
            1,
            Batching.Of(1),
            EntityShape.OfSize(run.EntitySize.ValueOf(parse) ?? 0),
            Pick(run.Partitions, KnobListParser.Partitions),
            CellLoad.Closed,
            1)
        {
            Runtime = Pick(run.Runtime, KnobListParser.Runtimes),
            Workload = OperationOfProbes(parse, run, errors) ?? Pick(run.Operation, KnobListParser.Operations),
        };
    }

    /// <summary>A mix's (or a preset's) probes, which the mix passed to each names the operations of: no probe is given an --operation.</summary>
    private static CellWorkload? OperationOfProbes(ParseResult parse, RunOptions run, UsageErrors errors)
    {
        if (SweepSettingsFactory.OperationsFrom(parse, run) is not { } given)
        {
            return null;
        }

        errors.Require(!parse.IsGiven(run.Operation), $"{given} names each probe's operations: give {given} or --operation, not both.");
        return CellWorkload.Mix;
    }

    private static T One<T>(IReadOnlyList<T> values, string option) => values.Count == 1
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
            BatchSize = Batching.Of(run.BatchSize.Transaction.ValueOf(defaults) ?? 1),
        };
        return new RunDefaults(cell, run.Warmup.ValueIn(defaults, errors) ?? TimeSpan.Zero, run.Duration.ValueIn(defaults, errors) ?? TimeSpan.Zero);
    }

    /// <summary>
    /// The sizes tune may choose from, smallest first, when run accepts each; null when one is refused (listed in <paramref name="errors"/>).
    /// Single writes stand alone: the search trades a batch's size against the tasks that carry the same entities, which has no
    /// meaning between a transaction and single writes.
    /// </summary>
    private static IReadOnlyList<Batching>? BatchSizes(IReadOnlyList<Batching>? sizes, TuneOptions options, UsageErrors errors)
    {
        if (sizes is null)
        {
            return null;
        }

        var judged = sizes.Select(size => options.Run.BatchSize.Judged(size, errors)).ToList();
        var forms = sizes.Select(size => size.Form).Distinct().Count();
        errors.Require(options.BatchSize, forms == 1,
            $"--batch-size {Batching.NoneText} cannot be mixed with batch sizes: tune searches one kind of request; tune {Batching.NoneText} on its own, or compare the two with sweep --batch-size {Batching.NoneText},100.");
        return forms == 1 && judged.All(size => size is not null) ? [.. sizes.Distinct().OrderBy(size => size.Size)] : null;
    }

    /// <summary>The fewest and the most processes and tasks, at the smallest and the largest batch size.</summary>
    private static IEnumerable<TuneKnobs> Corners(TuneSpace space)
    {
        var sizes = space.BatchSizes ?? [1, TuneSpace.MaxBatchSize];
        return new[] { sizes[0], sizes[^1] }.Distinct()
            .SelectMany(b => new[] { new TuneKnobs(1, 1, b), new TuneKnobs(space.MaxProcesses, space.MaxTasks, b) })
            .Distinct();
    }

    private static List<string> RunArguments(IReadOnlyList<string> given, TimeSpan warmup, TimeSpan duration) =>
        [.. given, "--warmup", DurationParser.Format(warmup), "--duration", DurationParser.Format(duration)];
}
