using System.Text.Json.Serialization;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Reporting;

/// <summary>
/// run.json's <c>options</c>: every option's effective value under the option's own name and in its own
/// syntax (durations as <c>95s</c>), so that <c>--config run.json</c> reads it back as any profile; the
/// connection string only as account and endpoint.
/// </summary>
internal sealed record RecordedRunOptions
{
    [NotKnob]
    public required string Account { get; init; }

    [NotKnob]
    public bool AllowExistingTable { get; init; }

    [NotKnob]
    public bool NoBatchLog { get; init; }

    /// <summary>0 in folders written before TableLoad bounded the batch log.</summary>
    [NotKnob]
    public int BatchLogBuffer { get; init; }

    /// <summary>A transaction's size, or "none" for single writes.</summary>
    public Batching BatchSize { get; init; }

    /// <summary>sdk or wire; null in folders written before TableLoad had the SDK client (they used wire).</summary>
    public string? Client { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public long? Batches { get; init; }

    /// <summary>tuned or defaults; null in folders written before TableLoad had the option (they ran .NET's defaults but DATAS).</summary>
    public string? Runtime { get; init; }

    /// <summary>In --duration's syntax; null in folders written before options were recorded under their own names.</summary>
    public string? Duration { get; init; }

    /// <summary>In --stages' syntax; null for one load held for <see cref="Duration"/>, which a plan leaves null in turn (a repeat may not give both).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Stages { get; init; }

    [NotKnob]
    public required string Endpoint { get; init; }

    /// <summary>The payload bytes of the default shape; null when <see cref="Entity"/> makes the entity (a repeat must not give both).</summary>
    public int? EntitySize { get; init; }

    /// <summary>The <c>--entity</c> file as given (run.json's <c>entity</c> describes its shape, never its values); null for the default shape.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Entity { get; init; }

    /// <summary>insert, upsert-replace, upsert-merge, read, query, delete or read-modify-write; null in folders written before TableLoad had the option (they inserted).</summary>
    public string? Operation { get; init; }

    /// <summary>Whether the key space was written before the run (<c>--preload</c>).</summary>
    public bool Preload { get; init; }

    /// <summary>The bound on the entities the preloads wrote (<c>--max-preload</c>), so a repeat of a raised one is not refused.</summary>
    public long MaxPreload { get; init; }

    /// <summary>The operations each request drew from (<c>--mix</c>), in its own syntax; null for one <see cref="Operation"/>.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Mix { get; init; }

    /// <summary>The YCSB preset (<c>--workload</c>) the run was given; null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? Workload { get; init; }

    /// <summary>How a read, query or read-modify-write drew its key: uniform, zipfian or latest.</summary>
    public string KeyDistribution { get; init; } = global::TableLoad.Workload.KeyDistribution.Uniform.ToName();

    /// <summary>The entities a query asks for, a number, or a range each query drew its length from ("1..100"); recorded for every run, as its option has a default.</summary>
    [JsonConverter(typeof(QueryLengthJsonConverter))]
    public string QueryLength { get; init; } = QueryShape.Default.LengthText;

    /// <summary>The most entities of a query's page.</summary>
    public int PageSize { get; init; } = QueryShape.MaxPageSize;

    /// <summary>RowKeys per task and partition cycled over; null for new keys every batch.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public int? KeySpace { get; init; }

    [NotKnob]
    public bool KeepTable { get; init; }

    [NotKnob]
    public string KeyPrefix { get; init; } = "";

    [NotKnob]
    public string Output { get; init; } = "";

    public string Partitions { get; init; } = "";

    public int Processes { get; init; } = 1;

    /// <summary>The binary properties of the default shape; null when <see cref="Entity"/> makes the entity.</summary>
    public int? Properties { get; init; }

    /// <summary>In --rate's syntax: a number of entities per second, or a string in requests per second ("2000rps"); null for the closed model.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public RateTarget? Rate { get; init; }

    public int Retries { get; init; }

    [NotKnob]
    public bool SharedRun { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public DateTimeOffset? StartAt { get; init; }

    [NotKnob]
    public string Table { get; init; } = "";

    public int Tasks { get; init; }

    /// <summary>In --timeout's syntax; null in folders written before options were recorded under their own names.</summary>
    public string? Timeout { get; init; }

    [NotKnob]
    public bool SdkDiagnostics { get; init; }

    /// <summary>The <c>--fail-if</c> conditions in the option's syntax, joined by commas; null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public string? FailIf { get; init; }

    /// <summary>The <c>--abort-if</c> conditions in the option's syntax, joined by commas; null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public string? AbortIf { get; init; }

    /// <summary>The <c>--junit</c> file; null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public string? Junit { get; init; }

    [NotKnob]
    public bool Verify { get; init; }

    /// <summary>The resource whose metrics were read after the run (<c>--service-metrics</c>); null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public string? ServiceMetrics { get; init; }

    /// <summary>Where they were read from, when not Resource Manager (<c>--metrics-endpoint</c>); null otherwise.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public string? MetricsEndpoint { get; init; }

    /// <summary>In --service-metrics-wait's syntax; null without --service-metrics.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    [NotKnob]
    public string? ServiceMetricsWait { get; init; }

    /// <summary>In --warmup's syntax; null in folders written before options were recorded under their own names (see <see cref="WarmupS"/>).</summary>
    [NotKnob]
    public string? Warmup { get; init; }

    /// <summary>Seconds, in folders written before options were recorded under their own names; never written now.</summary>
    [NotKnob]
    public double? WarmupS { get; init; }

    /// <summary>Each scenario's own options (a profile's <c>scenarios</c>), by name; null for a run of one load.</summary>
    [NotKnob]
    public IReadOnlyDictionary<string, RecordedScenarioOptions>? Scenarios { get; init; }

    /// <summary>The warm-up, from either form.</summary>
    public TimeSpan WarmupTime() =>
        Warmup is not null && DurationParser.TryParse(Warmup, out var warmup) ? warmup : TimeSpan.FromSeconds(WarmupS ?? 0);

    public static RecordedRunOptions Of(RunSettings settings) => !settings.OfScenarios ? OfOneLoad(settings) : OfOneLoad(settings) with
    {
        // Each scenario records its own; a shared value here would stand in for those a scenario leaves null, and an operation beside them is refused.
        Operation = null,
        Mix = null,
        Workload = null,
        KeySpace = null,
        Rate = null,
        Batches = null,
        Entity = null,
        EntitySize = null,
        Properties = null,
        Scenarios = settings.Scenarios.Items.ToDictionary(s => s.Name, RecordedScenarioOptions.Of, StringComparer.Ordinal),
    };

    private static RecordedRunOptions OfOneLoad(RunSettings settings) => new()
    {
        Account = settings.Target.AccountName,
        Endpoint = settings.Target.TableEndpoint.GetLeftPart(UriPartial.Path),
        Table = settings.Table,
        KeepTable = settings.KeepTable,
        AllowExistingTable = settings.AllowExistingTable,
        BatchSize = settings.Load.Batching,
        EntitySize = settings.Load.Entity is null ? settings.Load.EntitySize : null,
        // A mix names its operations itself; recording --operation beside it would make the run.json one a repeat refuses.
        Operation = settings.Load.Operations.OperationOption,
        KeySpace = settings.Load.KeySpace,
        Preload = settings.Load.Preload,
        MaxPreload = settings.MaxPreload,
        // A preset names its mix itself; recording --mix beside it would make the run.json one a repeat refuses.
        Mix = settings.Load.Workload is null ? settings.Load.Operations.MixOption : null,
        Workload = settings.Load.Workload,
        KeyDistribution = settings.Load.KeyDistribution.ToName(),
        QueryLength = settings.Load.Query.LengthText,
        PageSize = settings.Load.Query.PageSize,
        Properties = settings.Load.Entity is null ? settings.Load.Properties : null,
        Entity = settings.Load.Entity?.File,
        Partitions = settings.Load.Partitions.ToString()!,
        KeyPrefix = settings.GivenKeyPrefix,
        // A closed plan's loops are its highest target; --tasks was where it started.
        Tasks = settings.Load.Model.TasksGiven,
        Processes = settings.Processes,
        Rate = settings.Load.Model.GivenRate(settings.Load.EntitiesPerRequest),
        // A plan's stages are its measured time: --duration beside them would be refused.
        Duration = settings.Load.Model.Staged ? null : DurationParser.Format(settings.Duration),
        Stages = settings.Load.Model.StagesText(settings.Load.EntitiesPerRequest),
        Batches = settings.Load.Batches,
        Warmup = DurationParser.Format(settings.Warmup),
        Timeout = DurationParser.Format(settings.Timeout),
        Retries = settings.Retries,
        Output = settings.OutputDirectory,
        Verify = settings.Verify,
        StartAt = settings.StartAt,
        SharedRun = settings.SharedRun,
        NoBatchLog = !settings.WriteBatchLog,
        BatchLogBuffer = settings.BatchLogBuffer,
        Client = settings.Client.ToName(),
        SdkDiagnostics = settings.SdkDiagnostics,
        FailIf = Joined(settings.Gates.FailIf.Select(t => t.Text)),
        AbortIf = Joined(settings.Gates.AbortIf.Select(c => c.Text)),
        Junit = settings.JunitPath,
        Runtime = settings.Runtime.ToName(),
        ServiceMetrics = settings.ServiceMetrics?.Resource.Id,
        MetricsEndpoint = settings.ServiceMetrics is { } service && service.Endpoint != ServiceMetricsSettings.ResourceManager ? service.Endpoint.ToString() : null,
        ServiceMetricsWait = settings.ServiceMetrics is { } waited ? DurationParser.Format(waited.Wait) : null,
    };

    // A gate's conditions as its option takes them, so that --config reads them back.
    private static string? Joined(IEnumerable<string> conditions) => conditions.Any() ? string.Join(",", conditions) : null;
}
