using System.CommandLine;
using System.Globalization;
using TableLoad.Storage;
using TableLoad.Tune;

namespace TableLoad.Cli;

/// <summary>
/// The options of <c>tableload tune</c>: the constraints, the search space, the budget and the confirm runs;
/// the probes' duration; and every other <c>run</c> option, passed unchanged to each probe as a sweep passes it.
/// </summary>
internal sealed class TuneOptions
{
    public TuneOptions()
    {
        PassThrough = ChildRunOptions.PassThrough(Run, [.. Model, .. Searched, .. ChildRunOptions.RefusedByTune(Run)]);
        // Declared, hidden, so that giving one is refused in tune's own sentence rather than as an unknown option.
        Refused = [.. ChildRunOptions.RefusedByTune(Run).Select(o => new Option<string?>(o.Name) { Hidden = true })];
    }

    /// <summary>Run options tune refuses (<see cref="ChildRunOptions.RefusedByTune"/>).</summary>
    public IReadOnlyList<Option<string?>> Refused { get; }

    /// <summary>The sentence that refuses one of <see cref="Refused"/>.</summary>
    public string WhyRefused(Option refused) => refused.Name == Run.Stages.Name ? StagesSentence : RefusedSentence;

    /// <summary>Why tune refuses --fail-if, --abort-if and --junit, in one sentence.</summary>
    public const string RefusedSentence =
        "tune judges its probes by its own constraints, --p99 and --max-throttled, so it takes no --fail-if, --abort-if or --junit; give those, or gate a sweep or a run with --fail-if.";

    /// <summary>Why tune refuses --stages, in one sentence.</summary>
    public const string StagesSentence =
        "tune measures each probe at one steady load for --duration, so it takes no --stages; ramp a run with --stages, or give it to a sweep, which passes it to every cell (docs/stages.md).";

    /// <summary>Why tune refuses a profile's scenarios, in one sentence: each is a load of its own, where tune searches one load's knobs.</summary>
    public static string ScenariosSentence(string config, IReadOnlyList<string> scenarios) =>
        $"--config {config} declares scenarios ({string.Join(", ", scenarios)}), each a load of its own, where tune searches one load's tasks, batch size and processes: " +
        $"tune one scenario's options as a run's, or sweep the scenarios (tableload sweep --config {config} --processes 1,2).";

    /// <summary>The run options tune shares with <c>run</c>; client, runtime, operation, entity size and partitions are the user's data model, given to every probe.</summary>
    public RunOptions Run { get; } = new();

    public BoundedDuration P99 { get; } = new(
        new Option<string>("--p99") { Description = "Latency constraint: the highest p99 batch latency a recommended configuration may have, e.g. 200ms or 1s, with its unit. Default: none." },
        TimeSpan.Zero, TimeSpan.FromDays(1), why: "no batch is answered in no time, so no configuration could meet 0s", aboveMin: true, latency: true);

    public Option<string> MaxThrottled { get; } = new("--max-throttled")
    {
        Description = "The largest share of batches a recommended configuration may have throttled (503 ServerBusy, 500 OperationTimedOut, 429), from 0% to 100%.",
        DefaultValueFactory = _ => "1%",
    };

    public Bounded<double> MaxRequestUnits { get; } = new(
        new Option<double?>("--max-ru") { Description = "Request-unit constraint (Cosmos DB Table API): the account's provisioned RU/s; a configuration whose probe spends more RU/s is not recommended, and tune names request units as the limit when this binds. Tune's own: nothing is passed to the probes. Default: none." },
        0, 1e9, unit: "request units per second", aboveMin: true);

    public Bounded<int> MaxTasks { get; } = new(
        new Option<int>("--max-tasks") { Description = "The most concurrent batch loops per process tune tries.", DefaultValueFactory = _ => TuneSpace.DefaultMaxTasks },
        1, 10_000);

    public Bounded<int> MaxProcesses { get; } = new(
        new Option<int>("--max-processes") { Description = "The most load processes tune tries; it adds processes only when the client is the limit. Default: the machine's cores.", DefaultValueFactory = _ => Environment.ProcessorCount },
        1, 64);

    public Option<string?> BatchSize { get; } = new("--batch-size")
    {
        Description = $"The batch sizes tune may choose from, e.g. 25,50,100; or {Batching.NoneText}, each write its own request, where tune searches tasks and processes alone. Default: any size from 1 to 100.",
    };

    public BoundedDuration Budget { get; } = new(
        new Option<string>("--budget") { Description = "The most time tune takes in all, confirm runs included; when it runs out, tune recommends the best probe so far.", DefaultValueFactory = _ => "10m" },
        TimeSpan.Zero, TimeSpan.FromDays(7), aboveMin: true);

    public Bounded<int> Confirm { get; } = new(
        new Option<int>("--confirm") { Description = string.Create(CultureInfo.InvariantCulture, $"How many times the recommended configuration runs again, for --confirm-duration each; the recommendation reports their mean and its 95% interval; up to {TuneConfirmer.MostExtraRuns} more run while that is wider than ±{TuneConfirmer.WidestHalfWidth * 100:0}% and the budget allows."), DefaultValueFactory = _ => 2 },
        1, 20);

    public CloseRoundsOption CloseRounds { get; } = new(
        "When the cheapest probe within noise of the best (one run each, judged by the assumed run-to-run share) is not the best, run the two alternately in N rounds " +
        "(ABBA order, a probe's duration each, in close-rounds/ of the output) before the confirm runs, and keep the cheaper unless the best is better beyond noise by the rounds' paired differences; " +
        "only while the budget holds the rounds and the confirm runs. 0 decides by the assumed share alone.",
        TuneSettings.DefaultCloseRounds);

    public BoundedDuration Duration { get; } = new(
        new Option<string>("--duration") { Description = "Measured time of each probe after its warm-up.", DefaultValueFactory = _ => "10s" },
        TimeSpan.Zero, TimeSpan.FromDays(1), aboveMin: true);

    public BoundedDuration Warmup { get; } = new(
        new Option<string>("--warmup") { Description = "Warm-up of each probe and confirm run, left out of their figures.", DefaultValueFactory = _ => "3s" },
        TimeSpan.Zero, TimeSpan.FromDays(1));

    public BoundedDuration ConfirmDuration { get; } = new(
        new Option<string>("--confirm-duration") { Description = "Measured time of each confirm run, e.g. 30s. Default: twice --duration." },
        TimeSpan.Zero, TimeSpan.FromDays(1), aboveMin: true);

    public Option<bool> Resume { get; } = new("--resume")
    {
        Description = "Continue the tune in --output: probes already in its tune.csv are not run again. Default: refuse an --output that already holds a tune.",
    };

    public Option<bool> Report { get; } = new("--report")
    {
        Description = "At the end, run 'Rscript analysis/report.R <tune folder>' (report.html with the probes, the fitted curve and why each candidate lost; its path printed last).",
    };

    public Option<string?> Output { get; } = new("--output")
    {
        Description = "Folder of the tune: tune.csv, tune.json and one folder per probe and confirm run; one that holds an earlier tune is refused unless --resume is given, one that holds other result files always. Default: results/tune-<yyyyMMdd-HHmmss>/ (UTC).",
    };

    public Option<string?> ConnectionString { get; } = ChildRunOptions.ConnectionString("probe");

    public Option<string?> Sas { get; } = ChildRunOptions.Sas("probe", "tune.json");

    /// <summary>The run options passed unchanged to every probe when given (retries, timeout, table, ...).</summary>
    public IReadOnlyList<Option> PassThrough { get; }

    /// <summary>What tune sets for each probe: the knobs it searches, the closed model, and the probes' and confirm runs' own measured time.</summary>
    public IEnumerable<Option> Searched => [Run.Processes.Option, Run.Tasks.Option, Run.BatchSize.Option, Run.Rate.Option, Run.Duration.Option, Run.Warmup.Option, Run.Batches.Option];

    /// <summary>The user's data model, the same in every probe: they name the probes' folders as a sweep's knobs name its cells.</summary>
    public IEnumerable<Option> Model => [Run.Client, Run.Runtime, Run.Operation, Run.EntitySize.Option, Run.Partitions];

    public IEnumerable<Option> All =>
    [
        P99.Option, MaxThrottled, MaxRequestUnits.Option, MaxTasks.Option, MaxProcesses.Option, BatchSize, Budget.Option, Confirm.Option, CloseRounds.Option, Duration.Option, Warmup.Option, ConfirmDuration.Option,
        Resume, Report, Output, ConnectionString, Sas, .. Model, .. PassThrough, .. Refused,
    ];
}
