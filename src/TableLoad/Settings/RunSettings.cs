using TableLoad.Settings.Gates;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Settings;

/// <summary>
/// Everything one run needs, validated; built once from the options (Cli/RunSettingsFactory) and handed
/// to workers as it is. No default here: every value comes from an option, whose default is declared
/// with it (Cli/RunOptions), so a default cannot be written twice.
/// </summary>
internal sealed record RunSettings
{
    public required StorageTarget Target { get; init; }

    public required string Table { get; init; }

    public bool KeepTable { get; init; }

    /// <summary>Write into a table that already holds entities (refused otherwise).</summary>
    public bool AllowExistingTable { get; init; }

    /// <summary>
    /// The loads the run sends at once, in the profile's order: its named scenarios, or the one unnamed load of a run without them. In a
    /// scenario's own view (<see cref="Loads"/>) that scenario alone.
    /// </summary>
    public required ScenarioList Scenarios { get; init; }

    /// <summary>
    /// The load these settings send: the run's one load, or in a scenario's view that scenario's. For a run of several scenarios, the first's
    /// with their sum's model (every task and, when each has one, the rate) and no key space or preload of its own: each scenario has its own.
    /// </summary>
    public LoadSettings Load => Scenarios.Items is [var one]
        ? one.Load
        : Scenarios.Items[0].Load with { Model = LoadModel.Together([.. Scenarios.Items.Select(s => s.Load.Model)]), KeySpace = null, Preload = false };

    /// <summary>Whether the run is a profile's named scenarios, each with its own figures, rather than one load.</summary>
    public bool OfScenarios => Scenarios.Items[0].IsNamed;

    /// <summary>The scenario these settings send, in a scenario's view (<see cref="Loads"/>); null for a run's one load.</summary>
    public string? ScenarioName => Scenarios.Items is [{ IsNamed: true } one] ? one.Name : null;

    /// <summary>
    /// The names of the run's slices (<see cref="Measurement.Window.Slices"/>): a mix's operations; none for one operation. With scenarios, every
    /// operation any of them sends, each scenario's name and, for each scenario, each of its operations as SCENARIO.OPERATION.
    /// </summary>
    public IReadOnlyList<string> Slices => OfScenarios
        ? [.. Scenarios.Items.SelectMany(s => s.Load.OperationsSent).Select(o => o.ToName()).Distinct().Order(StringComparer.Ordinal),
            .. Scenarios.Items.SelectMany(s => s.Load.OperationsSent.Select(o => ScenarioSlices.Of(s.Name, o)).Prepend(s.Name))]
        : Load.Operations.Match<IReadOnlyList<string>>(static _ => [], static mix => [.. mix.Operations.Select(o => o.ToName())]);

    /// <summary>What this process sends: each scenario's view, the run's settings holding that scenario alone.</summary>
    public IEnumerable<RunSettings> Loads() => Scenarios.Items.Select(s => this with { Scenarios = new ScenarioList([s]) });

    /// <summary>The run's settings with every load changed by <paramref name="change"/>.</summary>
    public RunSettings WithLoads(Func<LoadSettings, LoadSettings> change) => this with { Scenarios = Scenarios.Map(change) };

    /// <summary>The most entities the run's preloads may write in all (<c>--max-preload</c>); the command line refuses a run over it.</summary>
    public required long MaxPreload { get; init; }

    /// <summary>The run's <c>--key-prefix</c>, as given, for run.json: the keys a load writes start with its own (<see cref="LoadSettings.KeyPrefix"/>), a scenario's name after this.</summary>
    public required string GivenKeyPrefix { get; init; }

    /// <summary>The loops each process starts (the load's model's; a run of scenarios' is their sum).</summary>
    public int Tasks => Load.Tasks;

    /// <summary>Load processes of the run; this process is number <see cref="Process"/> of them.</summary>
    public required int Processes { get; init; }

    public bool PerProcess { get; init; }

    /// <summary>The measured time; with stages their sum.</summary>
    public required TimeSpan Duration { get; init; }

    public required TimeSpan Warmup { get; init; }

    public required TimeSpan Timeout { get; init; }

    public int Retries { get; init; }

    public required string OutputDirectory { get; init; }

    public required string Label { get; init; }

    public bool Verify { get; init; }

    public required string RunId { get; init; }

    public int Process { get; init; }

    public int Instance { get; init; }

    /// <summary>Distributed runs: when to start, so that instances on several machines start together.</summary>
    public DateTimeOffset? StartAt { get; init; }

    /// <summary>True when the run id was given, so other instances share the run and its table (never deleted here).</summary>
    public bool SharedRun { get; init; }

    public bool Quiet { get; init; }

    public required bool WriteBatchLog { get; init; }

    /// <summary>Rows of batches.csv held while the disk is behind (<c>--batch-log-buffer</c>).</summary>
    public required int BatchLogBuffer { get; init; }


    /// <summary>The service's request log to join with the run's requests afterwards (<c>--service-log</c>): files, or the account's blob container; null: none.</summary>
    public ServiceLogLocation? ServiceLog { get; init; }

    /// <summary>Collector address for live metrics over OTLP (<c>--otlp-endpoint</c>); null leaves it to the OTEL_* environment.</summary>
    public Uri? OtlpEndpoint { get; init; }

    /// <summary>Which client sends the batches.</summary>
    public required BatchClientKind Client { get; init; }

    /// <summary>The runtime settings the load processes run with.</summary>
    public required RuntimeProfile Runtime { get; init; }

    /// <summary>Keep the SDK's logging and distributed tracing on (they cost CPU per batch).</summary>
    public bool SdkDiagnostics { get; init; }

    /// <summary>The <c>--fail-if</c> thresholds and <c>--abort-if</c> conditions; none when not given.</summary>
    public GateSettings Gates { get; init; } = GateSettings.None;

    /// <summary>Where <c>--junit</c> writes the thresholds' verdicts; null for nowhere.</summary>
    public string? JunitPath { get; init; }

    /// <summary>The service's own metrics to read after the run (<c>--service-metrics</c>); null for none.</summary>
    public ServiceMetricsSettings? ServiceMetrics { get; init; }

    /// <summary>Connections per process: one per task (HTTP/1.1 holds one batch a connection) and a few for read-backs.</summary>
    public int MaxConnections => Tasks + 4;

    /// <summary>How long a call on the table (create, count, read-back, delete) may go unanswered: --timeout, at least 5 s.</summary>
    public TimeSpan TableCallTimeout => Timeout > MinTableCallTimeout ? Timeout : MinTableCallTimeout;

    private static readonly TimeSpan MinTableCallTimeout = TimeSpan.FromSeconds(5);
}
