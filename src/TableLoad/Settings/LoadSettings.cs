using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Settings;

/// <summary>
/// One load: what its requests do, on which keys, with which entities, driven how. The one declaration of a load's fields: a run is a
/// list of scenarios (<see cref="RunSettings.Scenarios"/>), each one of these; every other setting is the run's.
/// </summary>
internal sealed record LoadSettings
{
    /// <summary>How the load's writes and deletes travel (<c>--batch-size</c>): transactions of a size, or each entity its own request.</summary>
    public required Batching Batching { get; init; }

    /// <summary>What each request does (<c>--operation</c>, <c>--mix</c>).</summary>
    public required LoadOperations Operations { get; init; }

    /// <summary>The YCSB preset (<c>--workload</c>) that set the mix and the entities' shape; null for none.</summary>
    public string? Workload { get; init; }

    /// <summary>RowKeys each task cycles over per partition (<c>--key-space</c>); null for new keys every batch.</summary>
    public int? KeySpace { get; init; }

    /// <summary>Write every key of the key space once before the warm-up (<c>--preload</c>), so reads, queries, deletes and read-modify-writes find them.</summary>
    public bool Preload { get; init; }

    /// <summary>How a read, query or read-modify-write draws its key from the key space (<c>--key-distribution</c>).</summary>
    public KeyDistribution KeyDistribution { get; init; }

    /// <summary>What a query asks for (<c>--query-length</c>, <c>--page-size</c>).</summary>
    public QueryShape Query { get; init; } = QueryShape.Default;

    public required int EntitySize { get; init; }

    public required int Properties { get; init; }

    /// <summary>The sample entity (<c>--entity</c>) every entity copies; null for the default shape. <see cref="EntitySize"/> and <see cref="Properties"/> then describe it.</summary>
    public SampleEntity? Entity { get; init; }

    public required PartitionStrategy Partitions { get; init; }

    /// <summary>What the load's keys start with: <c>--key-prefix</c>, and a scenario's name after it, so no scenario writes, reads or deletes another's keys.</summary>
    public required string KeyPrefix { get; init; }

    /// <summary>How the load is driven: closed or open (<c>--rate</c>), held or staged (<c>--stages</c>), with its tasks.</summary>
    public required LoadModel Model { get; init; }

    /// <summary>The requests the load sends in all (<c>--batches</c>, <c>--max-entities</c>); null for as many as its time allows.</summary>
    public long? Batches { get; init; }

    /// <summary>The entities a write or delete request carries: a transaction's operations, 1 for single writes.</summary>
    public int BatchSize => Batching.Size;

    /// <summary>
    /// The entities a request of this load is meant to carry, on average over a mix's weights: what the open model spaces requests by, so
    /// that <c>--rate</c> is entities per second whether a request is a batch of 100 or a read of one (and <c>--rate 2000rps</c> that many times this).
    /// </summary>
    public double EntitiesPerRequest => Operations.EntitiesPerRequest(BatchSize, Query);

    /// <summary>Every operation the load sends, each a slice of its figures when there are several.</summary>
    public IReadOnlyList<TableOperation> OperationsSent => Operations.Sent;

    /// <summary>The loops each process starts (the model's).</summary>
    public int Tasks => Model.Tasks;

    /// <summary>The load's entity: its <c>--entity</c> sample's, or the default shape of <c>--entity-size</c> and <c>--properties</c>.</summary>
    public EntityTemplate NewTemplate() => Entity is { } sample ? EntityTemplate.FromSample(sample) : EntityTemplate.Create(EntitySize, Properties);
}
