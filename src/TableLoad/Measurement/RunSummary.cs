using System.Text.Json.Serialization;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Measurement;

/// <summary>The figures of one run, computed once when the run ends; reporters only read it.</summary>
internal sealed record RunSummary
{
    [Merge(MergeRule.Join)]
    public required string RunId { get; init; }

    /// <summary>Null for a whole run; "p0", "p1", ... for the per-process rows below it.</summary>
    [Merge(MergeRule.Join)]
    public string? Row { get; init; }

    [Merge(MergeRule.Join)]
    public required string Label { get; init; }

    [Merge(MergeRule.Sum)]
    public required int Processes { get; init; }

    [Merge(MergeRule.Same)]
    public required int Tasks { get; init; }

    /// <summary>The entities of a write or delete request: a transaction's size, or "none" for single writes (one entity a request).</summary>
    [Merge(MergeRule.Same)]
    public required Batching BatchSize { get; init; }

    [Merge(MergeRule.Same)]
    public required int EntitySize { get; init; }

    /// <summary>The <c>--entity</c> sample's shape in a few words (<see cref="SampleEntity.Describe"/>); null for the default shape.</summary>
    [Merge(MergeRule.Same)]
    public string? Entity { get; init; }

    /// <summary>What the run sent (<c>--operation</c>, <c>--mix</c> or scenarios), in the file's <c>operation</c>; insert in folders written before TableLoad had the option.</summary>
    [Merge(MergeRule.Same)]
    [JsonPropertyName("operation")]
    public RunWorkload Workload { get; init; } = RunWorkload.Default;

    /// <summary>RowKeys each task cycled over per partition (<c>--key-space</c>); null for new keys every batch.</summary>
    [Merge(MergeRule.Same)]
    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public int? KeySpace { get; init; }

    [Merge(MergeRule.Same)]
    public required string Partitions { get; init; }

    /// <summary>The client that sent the batches (<c>--client</c>): sdk or wire; "sdk+wire" for a report merging both.</summary>
    [Merge(MergeRule.Join)]
    public required string BatchClient { get; init; }

    [Merge(MergeRule.Max)]
    public required RunStatus Status { get; init; }

    [Merge(MergeRule.Union)]
    public required double MeasuredSeconds { get; init; }

    [Merge(MergeRule.Histogram)]
    public required LatencySummary LatencyMs { get; init; }

    /// <summary>Open model only: latency from the actual send, next to the corrected <see cref="LatencyMs"/>.</summary>
    [Merge(MergeRule.Histogram)]
    public LatencySummary? UncorrectedLatencyMs { get; init; }

    /// <summary>Open model: the intended fleet rate in entities per second; null for the closed model.</summary>
    [Merge(MergeRule.Sum)]
    public double? Rate { get; init; }

    /// <summary>
    /// Open model: the intended fleet rate in requests per second, <see cref="Rate"/> over the load's entities per request; null for the
    /// closed model, a run of scenarios (each its own load) and in folders written before TableLoad recorded it.
    /// </summary>
    [Merge(MergeRule.Sum)]
    public double? RequestRate { get; init; }

    /// <summary>Open model: --rate was given in requests per second (2000rps), which the run's lines then say first.</summary>
    [Merge(MergeRule.Min)]
    public bool TargetInRequestsPerSecond { get; init; }

    /// <summary>Whether the run was of the open model, as its <see cref="Rate"/> field says: the one place a summary's model is read.</summary>
    public bool IsOpenModel() => Rate is not null;

    /// <summary>Open model: batches that started more than one interval after their intended time.</summary>
    [Merge(MergeRule.Sum)]
    public long LateBatches { get; init; }

    [Merge(MergeRule.PerSecond)]
    public required long PeakEntitiesPerSecond { get; init; }

    [Merge(MergeRule.Derived)]
    public required double MeanEntitiesPerSecond { get; init; }

    /// <summary>The intervals of the mean entities/s and the latency percentiles; null in folders written before TableLoad computed them.</summary>
    [Merge(MergeRule.PerSecond)]
    public RunConfidence? Confidence { get; init; }

    [Merge(MergeRule.Derived)]
    public required double GoodputMbPerSecond { get; init; }

    /// <summary>
    /// Requests answered per measured second, whatever their outcome (a batch, a read, a query with its pages): the unit of k6's arrival
    /// rate and YCSB's -target; 0 in folders written before TableLoad recorded it.
    /// </summary>
    [Merge(MergeRule.Derived)]
    public double MeanRequestsPerSecond { get; init; }

    [Merge(MergeRule.Sum)]
    public required long EntitiesSucceeded { get; init; }

    /// <summary>Attempts beyond the first, over all measured batches.</summary>
    [Merge(MergeRule.Sum)]
    public long Retries { get; init; }

    /// <summary>Measured batches whose outcome was settled by reading their entity back.</summary>
    [Merge(MergeRule.Sum)]
    public long VerifiedByRead { get; init; }

    [Merge(MergeRule.Sum)]
    public required long EntitiesFailed { get; init; }

    /// <summary>Distinct keys the stored batches wrote, warm-up included: what <c>--verify</c> expects the table to gain (the entities succeeded, less the rewrites of a key space).</summary>
    [Merge(MergeRule.Sum)]
    public long KeysWritten { get; init; }

    /// <summary>Keys the stored delete batches removed, warm-up included: what <c>--verify</c> expects the table to lose.</summary>
    [Merge(MergeRule.Sum)]
    public long KeysDeleted { get; init; }

    /// <summary>The pages the measured queries' answers came in (<c>--operation query</c>); 0 for other operations.</summary>
    [Merge(MergeRule.Sum)]
    public long QueryPages { get; init; }

    /// <summary>What <c>--preload</c> wrote before the run; null without it.</summary>
    [Merge(MergeRule.Fields)]
    public PreloadSummary? Preload { get; init; }

    private readonly IReadOnlyDictionary<string, OperationSummary>? _operations;

    /// <summary>
    /// Each operation's figures, keyed by its name. A run of one operation has one, the run's own figures (derived, so they cannot
    /// differ); a mix has each operation's, measured apart (<see cref="OperationSummaries"/>) and merged from the per-second files.
    /// </summary>
    [Merge(MergeRule.PerSecond)]
    public IReadOnlyDictionary<string, OperationSummary> Operations
    {
        get => _operations ?? Workload.Match(
            one => new Dictionary<string, OperationSummary> { [one.Operation.ToName()] = OperationSummary.OfRun(this) },
            static _ => new Dictionary<string, OperationSummary>(),
            static _ => new Dictionary<string, OperationSummary>(),
            static _ => new Dictionary<string, OperationSummary>());
        init => _operations = value;
    }

    /// <summary>Each scenario's figures, keyed by its name, with its own operations'; null for a run of one load.</summary>
    [Merge(MergeRule.PerSecond)]
    public IReadOnlyDictionary<string, OperationSummary>? Scenarios { get; init; }

    /// <summary>Batches (warm-up included) left out of batches.csv because its writer fell that far behind.</summary>
    [Merge(MergeRule.Sum)]
    public long BatchLogDropped { get; init; }

    [Merge(MergeRule.Sum)]
    public required IReadOnlyDictionary<string, long> Outcomes { get; init; }

    [Merge(MergeRule.Sum)]
    public required IReadOnlyDictionary<string, long> RejectedByCode { get; init; }

    /// <summary>Cosmos DB's request units; null when no answer carried a charge (Azure Storage, Azurite).</summary>
    [Merge(MergeRule.Fields)]
    public RequestUnitsSummary? RequestUnits { get; init; }

    /// <summary>Throttled answers by the limit they named; null in folders written before TableLoad classed them.</summary>
    [Merge(MergeRule.Fields)]
    public ThrottlingSummary? Throttling { get; init; }

    [Merge(MergeRule.Fields)]
    public required WarmupTotals Warmup { get; init; }

    [Merge(MergeRule.Fields)]
    public required ClientUsage Client { get; init; }

    /// <summary>The runtime settings the load ran with; per process in <see cref="PerProcess"/> when workers ran it.</summary>
    [Merge(MergeRule.Fields)]
    public RuntimeSettings? RuntimeSettings { get; init; }

    /// <summary>Batches abandoned by a second Ctrl+C (warm-up included), by what reading them back found.</summary>
    [Merge(MergeRule.Fields)]
    public AbandonedBatches Abandoned { get; init; } = AbandonedBatches.None;

    [Merge(MergeRule.Fields)]
    public StoredCount? Stored { get; init; }

    /// <summary>The <c>--abort-if</c> condition that stopped the run; null when none held.</summary>
    [Merge(MergeRule.Fields)]
    public StoppedBy? StoppedBy { get; init; }

    /// <summary>The <c>--fail-if</c> thresholds' verdicts on this summary's figures; null when none was given (a merged folder: <c>report --fail-if</c>'s, judged on the merged figures).</summary>
    [Merge(MergeRule.Derived)]
    public IReadOnlyList<ThresholdResult>? Thresholds { get; init; }

    /// <summary>The service's own metrics of the run's minutes beside the client's (<c>--service-metrics</c>); null without it.</summary>
    [Merge(MergeRule.Derived)]
    public Service.ServiceSummary? Service { get; init; }

    [Merge(MergeRule.Parts)]
    public IReadOnlyList<RunSummary> PerProcess { get; init; } = [];

    /// <summary>Each stage's figures (<c>--stages</c>), in order; empty for a run that held one load.</summary>
    [Merge(MergeRule.PerSecond)]
    public IReadOnlyList<StageSummary> Stages { get; init; } = [];

    public static RunSummary Create(RunSettings settings, RunTotals totals, double measuredSeconds, RunStatus status, int processes, ClientUsage client) =>
        Create(RunIdentity.Of(settings), totals, measuredSeconds, status, processes, client);

    public static RunSummary Create(RunIdentity settings, RunTotals totals, double measuredSeconds, RunStatus status, int processes, ClientUsage client)
    {
        var measured = totals.Measured;
        var outcomes = WarmupTotals.ByClass(measured);
        return new RunSummary
        {
            RunId = settings.RunId,
            Label = settings.Label,
            Processes = processes,
            Rate = settings.Rate,
            RequestRate = settings.RequestRate,
            TargetInRequestsPerSecond = settings.TargetInRequestsPerSecond,
            LateBatches = measured.Late,
            Retries = measured.Attempts - measured.Batches,
            VerifiedByRead = measured.VerifiedByRead,
            BatchLogDropped = measured.BatchLogDropped + totals.Warmup.BatchLogDropped,
            UncorrectedLatencyMs = totals.Uncorrected is { } uncorrected ? LatencySummary.From(uncorrected) : null,
            Tasks = settings.Tasks,
            BatchSize = settings.BatchSize,
            EntitySize = settings.EntitySize,
            Entity = settings.Entity,
            Workload = settings.Workload,
            KeySpace = settings.KeySpace,
            Partitions = settings.Partitions,
            BatchClient = settings.Client,
            Status = status,
            MeasuredSeconds = measuredSeconds,
            LatencyMs = LatencySummary.From(totals.Latency),
            PeakEntitiesPerSecond = totals.PeakEntitiesPerSecond,
            MeanEntitiesPerSecond = 0,
            GoodputMbPerSecond = 0,
            EntitiesSucceeded = measured.EntitiesSucceeded,
            EntitiesFailed = measured.EntitiesFailed,
            KeysWritten = measured.KeysWritten + totals.Warmup.KeysWritten,
            KeysDeleted = measured.KeysDeleted + totals.Warmup.KeysDeleted,
            QueryPages = measured.QueryPages,
            Outcomes = outcomes,
            RejectedByCode = new SortedDictionary<string, long>(totals.RejectedByCode, StringComparer.Ordinal),
            Warmup = WarmupTotals.Of(totals.Warmup),
            Abandoned = AbandonedBatches.Of(measured, totals.Warmup),
            RequestUnits = RequestUnitsSummary.Of(measured, totals.RequestUnits, totals.PeakRequestUnitsPerSecond, SpentRequestUnits.Of(totals)),
            Throttling = ThrottlingSummary.Of(measured),
            Client = client,
        }.WithRates();
    }

    /// <summary>The summary with each operation's figures measured apart in <paramref name="totals"/>' slices; itself when the run sent one operation.</summary>
    public RunSummary WithOperations(RunTotals totals, MeasuredPeriod period) =>
        OperationSummaries.Of(this, totals, period) is { } operations
            ? this with { Operations = operations, Scenarios = OperationSummaries.ScenariosOf(this, totals, period) }
            : this;

    /// <summary>The per-second figures derived from the measured time and entities, the same way for a run and a merge.</summary>
    public RunSummary WithRates()
    {
        var mean = MeasuredSeconds > 0 ? EntitiesSucceeded / MeasuredSeconds : 0;
        return this with
        {
            MeanEntitiesPerSecond = mean,
            MeanRequestsPerSecond = MeasuredSeconds > 0 ? Outcomes.Values.Sum() / MeasuredSeconds : 0,
            GoodputMbPerSecond = MeasuredSeconds > 0 ? EntitiesSucceeded * (double)EntitySize / 1e6 / MeasuredSeconds : 0,
            RequestUnits = RequestUnits?.WithRates(EntitiesSucceeded, MeasuredSeconds, mean, PeakEntitiesPerSecond),
        };
    }
}

/// <summary>What names a run and its workload in a summary.</summary>
internal sealed record RunIdentity(string RunId, string Label, int Tasks, Batching BatchSize, int EntitySize, string Partitions, double? Rate, string Client)
{
    /// <summary>The <c>--entity</c> sample's shape in a few words; null for the default shape.</summary>
    public string? Entity { get; init; }

    public RunWorkload Workload { get; init; } = RunWorkload.Default;

    public int? KeySpace { get; init; }

    /// <summary>Open model: the fleet's intended requests per second; null for the closed model and a run of scenarios.</summary>
    public double? RequestRate { get; init; }

    /// <summary>Whether --rate was given in requests per second.</summary>
    public bool TargetInRequestsPerSecond { get; init; }

    public static RunIdentity Of(RunSettings settings)
    {
        var workload = RunWorkload.Of(settings);
        return new(settings.RunId, settings.Label, settings.Tasks, settings.Load.Batching, settings.Load.EntitySize, settings.Load.Partitions.ToString()!, settings.Load.Model.Rate, settings.Client.ToName())
        {
            Entity = settings.Load.Entity?.Describe(),
            Workload = workload,
            KeySpace = settings.Load.KeySpace,
            // A run of scenarios sends several loads, each of its own entities per request: it has no one request rate.
            RequestRate = workload.IsOneLoad ? settings.Load.Model.RequestRate(settings.Load.EntitiesPerRequest) : null,
            TargetInRequestsPerSecond = workload.IsOneLoad && settings.Load.Model.GivenRate(settings.Load.EntitiesPerRequest) is { Unit: RateUnit.RequestsPerSecond },
        };
    }
}

internal sealed record WarmupTotals(
    [property: Merge(MergeRule.Sum)] long Batches,
    [property: Merge(MergeRule.Sum)] long EntitiesSucceeded,
    [property: Merge(MergeRule.Sum)] long EntitiesFailed)
{
    /// <summary>Warm-up batches by class, so every request a service saw is in one summary, measured or not.</summary>
    [Merge(MergeRule.Sum)]
    public IReadOnlyDictionary<string, long> Outcomes { get; init; } = new Dictionary<string, long>();

    /// <summary>Attempts beyond the first, over the warm-up batches.</summary>
    [Merge(MergeRule.Sum)]
    public long Retries { get; init; }

    /// <summary>Request units the warm-up's answers cost; null when none carried a charge.</summary>
    [Merge(MergeRule.Sum)]
    public double? RequestUnits { get; init; }

    public static WarmupTotals Of(WindowCounts warmup) => new(warmup.Batches, warmup.EntitiesSucceeded, warmup.EntitiesFailed)
    {
        Outcomes = ByClass(warmup),
        Retries = warmup.Attempts - warmup.Batches,
        RequestUnits = warmup.Charged ? warmup.RequestUnits : null,
    };

    /// <summary>Batch counts by outcome, keyed as batches.csv names them, in their order.</summary>
    public static Dictionary<string, long> ByClass(WindowCounts counts) =>
        BatchOutcomeExtensions.All().ToDictionary(outcome => outcome.ToSnakeCase(), outcome => counts[outcome]);
}

/// <summary>What reading back found of the batches a second Ctrl+C abandoned: stored entities count as succeeded.</summary>
internal sealed record AbandonedBatches(
    [property: Merge(MergeRule.Sum)] long Stored,
    [property: Merge(MergeRule.Sum)] long NotStored,
    [property: Merge(MergeRule.Sum)] long Unknown)
{
    public static readonly AbandonedBatches None = new(0, 0, 0);

    public static AbandonedBatches Of(WindowCounts measured, WindowCounts warmup)
    {
        var stored = measured.AbandonedStored + warmup.AbandonedStored;
        var notStored = measured.AbandonedNotStored + warmup.AbandonedNotStored;
        return new(stored, notStored, measured[BatchOutcome.Abandoned] + warmup[BatchOutcome.Abandoned] - stored - notStored);
    }
}

/// <summary>What <c>--verify</c> found in the table, against what the run reported.</summary>
internal sealed record StoredCount(
    [property: Merge(MergeRule.Sum)] long Count,
    [property: Merge(MergeRule.Sum)] long Expected,
    [property: Merge(MergeRule.Min)] bool Matches);
