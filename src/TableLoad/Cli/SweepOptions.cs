using System.CommandLine;
using System.Globalization;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>
/// The options of <c>tableload sweep</c>: a list for each knob, the sweep's own options, and every other
/// <c>run</c> option, passed unchanged to each cell's run.
/// </summary>
internal sealed class SweepOptions
{
    public SweepOptions()
    {
        var (run, defaults) = RunDefaults();
        var client = defaults.GetValue(run.Client)!;
        Client = new Option<string>("--client")
        {
            Description = "Clients that send the batches (run --client), e.g. sdk,wire: the SDK applications run, and TableLoad's wire client (the service's ceiling).",
            DefaultValueFactory = _ => client,
        };
        var runtime = defaults.GetValue(run.Runtime)!;
        Runtime = new Option<string>("--runtime")
        {
            Description = "The .NET runtime settings each cell's load runs with (run --runtime), e.g. tuned,defaults: TableLoad's, and an untuned application's, side by side (analysis/compare.R on two cells says what the settings saved).",
            DefaultValueFactory = _ => runtime,
        };
        var operation = defaults.GetValue(run.Operation)!;
        Operation = new Option<string>("--operation")
        {
            Description = "What the cells' batches do (run --operation), e.g. insert,upsert-merge: the same load as inserts and as upserts side by side. An upsert cell with --key-space (passed to every cell) rewrites its keys; an insert cell with one is refused.",
            DefaultValueFactory = _ => operation,
        };
        Processes = KnobList(run.Processes, "Load processes per cell (run --processes), e.g. 1,2,3.", defaults);
        Tasks = KnobList(run.Tasks, "Concurrent batch loops per process, e.g. 4,12,32.", defaults);
        BatchSize = KnobList(run.BatchSize.Transaction, $"Entities per write request (run --batch-size): operations per entity group transaction, or {Batching.NoneText} for each write its own request, e.g. {Batching.NoneText},10,100.", defaults);
        EntitySize = KnobList(run.EntitySize, "Payload bytes per entity, e.g. 1024,4096.", defaults);
        var partitions = defaults.GetValue(run.Partitions) ?? "single";
        Partitions = new Option<string>("--partitions")
        {
            Description = "Partition strategies: single, per-task, spread:N, e.g. single,spread:8.",
            DefaultValueFactory = _ => partitions,
        };

        PassThrough = ChildRunOptions.PassThrough(Run, [.. KnobsOfRun, .. ChildRunOptions.JudgedBySweep(Run)]);
    }

    /// <summary>The run options this sweep shares with <c>run</c>; only those in <see cref="PassThrough"/> are on the sweep command.</summary>
    public RunOptions Run { get; } = new();

    public Option<string> Client { get; }

    public Option<string> Runtime { get; }

    public Option<string> Operation { get; }

    public Option<string> Processes { get; }

    public Option<string> Tasks { get; }

    public Option<string> BatchSize { get; }

    public Option<string> EntitySize { get; }

    public Option<string> Partitions { get; }

    public Option<string?> Rate { get; } = new("--rate")
    {
        Description = "Open-model rates (run --rate), all in one unit: entities per second, e.g. 1000,5000 (the default unit), or requests per second, e.g. 1000rps,2000rps; a cell is named by its rate as given (-rate5000, -rate2000rps), and sweep.csv's rate column holds the value with its unit in rate_unit (eps or rps). Default: none, the closed model (each task sends its next batch when the last one is answered).",
    };

    public Bounded<int> Repeat { get; } = new(
        new Option<int>("--repeat") { Description = "Passes over the whole grid; each cell runs once per pass and is named ...-r<pass>.", DefaultValueFactory = _ => 1 },
        1, 1000);

    public CloseRoundsOption CloseRounds { get; } = new(
        "When the two configurations of highest mean e/s are within noise of each other (one run each, judged by its own interval and the assumed run-to-run share; repeats by their spread), " +
        "run the two alternately in N rounds after the grid (ABBA order, a cell's duration each, in close-rounds/ of the output), and end with which is best by the rounds' paired differences, " +
        "or that both are within noise. 0 runs no rounds.",
        0);

    public BoundedDuration Cooldown { get; } = new(
        new Option<string>("--cooldown") { Description = "Pause between two cells, e.g. 5s or 1m, so the service settles.", DefaultValueFactory = _ => "0s" },
        TimeSpan.Zero, TimeSpan.FromDays(1));

    public Option<string?> StopWhenThrottled { get; } = new("--stop-when-throttled")
    {
        Description = "Knee search, e.g. 5%: once a cell throttles (503, 500 OperationTimedOut, 429) more than this share of its batches, skip the later values of the innermost knob with several values, for the same other knobs. Default: run every cell.",
    };

    public Option<bool> Resume { get; } = new("--resume")
    {
        Description = "Continue the sweep in --output: skip cells whose row is already in its sweep.csv. Default: refuse an --output that already holds a sweep.",
    };

    public Option<bool> Report { get; } = new("--report")
    {
        Description = "At the end, run 'Rscript analysis/report.R <sweep folder>' (report.html, tables and plots; report.html's path printed last); says how to install R when Rscript is missing.",
    };

    public Option<string?> Output { get; } = new("--output")
    {
        Description = "Folder of the sweep: sweep.csv, sweep.json and one folder per cell; one that holds an earlier sweep is refused unless --resume is given, one that holds other result files always. Default: results/sweep-<yyyyMMdd-HHmmss>/ (UTC).",
    };

    public Option<string?> Junit { get; } = new("--junit")
    {
        Description = "With --fail-if or --abort-if: write every cell's verdicts to this file as JUnit XML, one testsuite with a testcase per cell and threshold or abort condition (classname the cell), as CI systems read test results. Default: none.",
    };

    public Option<string?> ConnectionString { get; } = ChildRunOptions.ConnectionString("cell");

    public Option<string?> Sas { get; } = ChildRunOptions.Sas("cell", "sweep.json");

    /// <summary>The run options passed unchanged to every cell when given (duration, warm-up, retries, table, ...).</summary>
    public IReadOnlyList<Option> PassThrough { get; }

    /// <summary>The run options the knobs stand for: a list here, one value for each cell.</summary>
    public IEnumerable<Option> KnobsOfRun =>
        [Run.Client, Run.Runtime, Run.Operation, Run.Processes.Option, Run.Tasks.Option, Run.BatchSize.Option, Run.EntitySize.Option, Run.Partitions, Run.Rate.Option];

    public IEnumerable<Option> Knobs => [Client, Runtime, Operation, Processes, Tasks, BatchSize, EntitySize, Partitions, Rate];

    /// <summary>The knobs a profile's scenarios hold for themselves, each scenario its own; a sweep over scenarios refuses them.</summary>
    public IEnumerable<Option> LoadKnobs => [Operation, Tasks, BatchSize, EntitySize, Partitions, Rate];

    public IEnumerable<Option> All =>
    [
        .. Knobs, Repeat.Option, CloseRounds.Option, Cooldown.Option, StopWhenThrottled, Resume, Report, Output, Junit, ConnectionString, Sas, .. PassThrough,
    ];

    // Each value is judged by run's own range, which --help shows beside the list.
    private static Option<string> KnobList(Bounded<int> runOption, string description, ParseResult runDefaults)
    {
        var runDefault = runOption.ValueOf(runDefaults)?.ToString(CultureInfo.InvariantCulture) ?? "";
        return new Option<string>(runOption.Option.Name)
        {
            Description = $"{description} Each value must be {runOption.Range}.",
            DefaultValueFactory = _ => runDefault,
        };
    }

    // The knobs default to run's own defaults, so a sweep of one cell is exactly a plain run.
    private static (RunOptions Options, ParseResult Parse) RunDefaults()
    {
        var options = new RunOptions();
        return (options, options.CreateCommand().Parse([]));
    }
}
