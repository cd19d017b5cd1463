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

    /// <summary>How the load's writes and deletes travel (<c>--batch-size</c>): transactions of a size, or each entity its own request.</summary>
    public required Batching Batching { get; init; }

    /// <summary>The entities a write or delete request carries: a transaction's operations, 1 for single writes.</summary>
    public int BatchSize => Batching.Size;

    /// <summary>What each request does (<c>--operation</c>).</summary>
    public TableOperation Operation { get; init; }

    /// <summary>The operations each request draws from (<c>--mix</c>); null for a run of one <see cref="Operation"/>.</summary>
    public OperationMix? Mix { get; init; }

    /// <summary>The YCSB preset (<c>--workload</c>) that set the mix and the entities' shape; null for none.</summary>
    public string? Workload { get; init; }

    /// <summary>
    /// The entities a request of this load is meant to carry, on average over a mix's weights: what the open model spaces requests by, so
    /// that <c>--rate</c> is entities per second whether a request is a batch of 100 or a read of one (and <c>--rate 2000rps</c> that many times this).
    /// </summary>
    public double EntitiesPerRequest => Operation.EntitiesPerRequest(Mix, BatchSize, Query);

    /// <summary>Every operation the run sends, each a slice of its figures when there are several.</summary>
    public IReadOnlyList<TableOperation> OperationsSent => Mix?.Operations ?? [Operation];

    /// <summary>
    /// The names of the run's slices (<see cref="Measurement.Window.Slices"/>): a mix's operations; none for one operation. With scenarios, every
    /// operation any of them sends, each scenario's name and, for each scenario, each of its operations as SCENARIO.OPERATION.
    /// </summary>
    public IReadOnlyList<string> Slices => Scenarios is { Items: var scenarios }
        ? [.. scenarios.SelectMany(s => s.OperationsSent).Select(o => o.ToName()).Distinct().Order(StringComparer.Ordinal),
            .. scenarios.SelectMany(s => s.OperationsSent.Select(o => ScenarioSlices.Of(s.Name, o)).Prepend(s.Name))]
        : Mix is null ? [] : [.. Mix.Operations.Select(o => o.ToName())];

    /// <summary>The loads the run sends at once (a profile's <c>scenarios</c>), each with its own options; null for a run of one load.</summary>
    public ScenarioList? Scenarios { get; init; }

    /// <summary>The scenario these settings send (<see cref="Load"/>); null for a run of one load.</summary>
    public string? ScenarioName { get; init; }

    /// <summary>What this process sends: each scenario's load, or the run's one.</summary>
    public IEnumerable<RunSettings> Loads() => Scenarios is null ? [this] : Scenarios.Items.Select(Load);

    /// <summary>The run's settings with <paramref name="scenario"/>'s options in place of the run's own.</summary>
    public RunSettings Load(Scenario scenario) => this with
    {
        Scenarios = null,
        ScenarioName = scenario.Name,
        Batching = scenario.Batching,
        Operation = scenario.Operation,
        Mix = scenario.Mix,
        Workload = scenario.Workload,
        KeySpace = scenario.KeySpace,
        Preload = scenario.Preload,
        KeyDistribution = scenario.KeyDistribution,
        Query = scenario.Query,
        EntitySize = scenario.EntitySize,
        Properties = scenario.Properties,
        Entity = scenario.Entity,
        Partitions = scenario.Partitions,
        KeyPrefix = scenario.KeyPrefix,
        Model = scenario.Model,
        Batches = scenario.Batches,
    };

    /// <summary>RowKeys each task cycles over per partition (<c>--key-space</c>); null for new keys every batch.</summary>
    public int? KeySpace { get; init; }

    /// <summary>Write every key of the key space once before the warm-up (<c>--preload</c>), so reads, queries, deletes and read-modify-writes find them.</summary>
    public bool Preload { get; init; }

    /// <summary>The most entities the run's preloads may write in all (<c>--max-preload</c>); the command line refuses a run over it.</summary>
    public required long MaxPreload { get; init; }

    /// <summary>How a read, query or read-modify-write draws its key from the key space (<c>--key-distribution</c>).</summary>
    public KeyDistribution KeyDistribution { get; init; }

    /// <summary>What a query asks for (<c>--query-length</c>, <c>--page-size</c>).</summary>
    public QueryShape Query { get; init; } = QueryShape.Default;

    public required int EntitySize { get; init; }

    public required int Properties { get; init; }

    /// <summary>The sample entity (<c>--entity</c>) every entity copies; null for the default shape. <see cref="EntitySize"/> and <see cref="Properties"/> then describe it.</summary>
    public SampleEntity? Entity { get; init; }

    public required PartitionStrategy Partitions { get; init; }

    public required string KeyPrefix { get; init; }

    /// <summary>How the load is driven: closed or open (<c>--rate</c>), held or staged (<c>--stages</c>), with its tasks.</summary>
    public required LoadModel Model { get; init; }

    /// <summary>The loops each process starts (the model's).</summary>
    public int Tasks => Model.Tasks;

    /// <summary>Load processes of the run; this process is number <see cref="Process"/> of them.</summary>
    public required int Processes { get; init; }

    public bool PerProcess { get; init; }

    /// <summary>The measured time; with stages their sum.</summary>
    public required TimeSpan Duration { get; init; }

    public long? Batches { get; init; }

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

    /// <summary>The run's entity: its <c>--entity</c> sample's, or the default shape of <c>--entity-size</c> and <c>--properties</c>.</summary>
    public EntityTemplate NewTemplate() => Entity is { } sample ? EntityTemplate.FromSample(sample) : EntityTemplate.Create(EntitySize, Properties);

    /// <summary>Connections per process: one per task (HTTP/1.1 holds one batch a connection) and a few for read-backs.</summary>
    public int MaxConnections => Tasks + 4;

    /// <summary>How long a call on the table (create, count, read-back, delete) may go unanswered: --timeout, at least 5 s.</summary>
    public TimeSpan TableCallTimeout => Timeout > MinTableCallTimeout ? Timeout : MinTableCallTimeout;

    private static readonly TimeSpan MinTableCallTimeout = TimeSpan.FromSeconds(5);
}
