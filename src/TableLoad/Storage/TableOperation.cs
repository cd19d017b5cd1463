namespace TableLoad.Storage;

/// <summary>
/// What each request of a run does (<c>--operation</c>): a write sends entity group transactions of
/// <c>--batch-size</c> entities; a read, a query, a delete and a read-modify-write act on keys a key space holds. The names are the
/// option's values and the <c>operation</c> field of every result file.
/// </summary>
internal enum TableOperation
{
    /// <summary>Insert: the SDK's <c>Add</c>, a POST to the table; a key that exists is refused (409).</summary>
    Insert,

    /// <summary>Insert or replace: the SDK's <c>UpsertReplace</c>, a PUT to the entity's address without If-Match.</summary>
    UpsertReplace,

    /// <summary>Insert or merge: the SDK's <c>UpsertMerge</c>, a PATCH to the entity's address without If-Match.</summary>
    UpsertMerge,

    /// <summary>A point read of one entity by its keys, a GET of the entity's address; 404 when it is not there.</summary>
    Read,

    /// <summary>A range query inside one partition (<c>PartitionKey eq P and RowKey ge R</c>), its pages followed to <c>--query-length</c> entities.</summary>
    Query,

    /// <summary>Entity group transactions of deletes (<c>If-Match: *</c>) of keys the key space holds, oldest first, each key once.</summary>
    Delete,

    /// <summary>
    /// YCSB's workload F: a point read of one key, then a replace of that entity with <c>If-Match</c> set to the ETag the read returned
    /// (one request, the pair); 412 when another writer changed the entity in between.
    /// </summary>
    ReadModifyWrite,
}

internal static class TableOperationNames
{
    /// <summary>The <c>--operation</c> a run has when none is given, and every result file written before the option.</summary>
    public const TableOperation Default = TableOperation.Insert;

    public static string DefaultName { get; } = Default.ToName();

    public static string ToName(this TableOperation operation) => operation switch
    {
        TableOperation.Insert => "insert",
        TableOperation.UpsertReplace => "upsert-replace",
        TableOperation.UpsertMerge => "upsert-merge",
        TableOperation.Read => "read",
        TableOperation.Query => "query",
        TableOperation.Delete => "delete",
        TableOperation.ReadModifyWrite => "read-modify-write",
    };

    /// <summary>What a request of the operation is to the key space: whether it writes its keys, and whether they must exist.</summary>
    public static KeyUse KeyUse(this TableOperation operation) => operation switch
    {
        TableOperation.Insert => Storage.KeyUse.WritesNew,
        TableOperation.UpsertReplace or TableOperation.UpsertMerge => Storage.KeyUse.Overwrites,
        TableOperation.Read or TableOperation.Query => Storage.KeyUse.Reads,
        TableOperation.Delete => Storage.KeyUse.Deletes,
        TableOperation.ReadModifyWrite => Storage.KeyUse.Updates,
    };

    /// <summary>Whether the operation stores entities, so that <c>--verify</c> counts its keys in.</summary>
    public static bool Writes(this TableOperation operation) => operation.KeyUse().Stores();

    /// <summary>Whether it needs entities that are there: a read, a query and a delete act on a key space some writer filled.</summary>
    public static bool NeedsStoredKeys(this TableOperation operation) => operation.KeyUse().NeedsStoredKeys();

    /// <summary>Whether each request draws one key from the key space (<c>--key-distribution</c>) and sends no batch: a read, a query, a read-modify-write.</summary>
    public static bool DrawsKeys(this TableOperation operation) => operation.KeyUse().DrawsKeys();

    /// <summary>
    /// The entities one request of the operation is meant to carry, which the open model's <c>--rate</c> (entities per second) spaces
    /// requests by: a batch's <paramref name="batchSize"/>, one for a point read or a read-modify-write, a query's length (a range's mean).
    /// </summary>
    public static double EntitiesAsked(this TableOperation operation, int batchSize, QueryShape query) => operation switch
    {
        TableOperation.Insert or TableOperation.UpsertReplace or TableOperation.UpsertMerge or TableOperation.Delete => batchSize,
        TableOperation.Read or TableOperation.ReadModifyWrite => 1,
        TableOperation.Query => (query.ShortestLength + query.Length) / 2.0,
    };

    /// <summary>
    /// The entities a request of a load of <paramref name="operation"/>, or of <paramref name="mix"/> when there is one, is meant to carry on
    /// average over the mix's weights: what the open model spaces requests by, and what a rate in requests per second is multiplied by.
    /// </summary>
    public static double EntitiesPerRequest(this TableOperation operation, OperationMix? mix, int batchSize, QueryShape query) => mix is { Weights: var weights }
        ? weights.Sum(w => w.Weight * w.Operation.EntitiesAsked(batchSize, query)) / weights.Sum(w => w.Weight)
        : operation.EntitiesAsked(batchSize, query);

    /// <summary>The names, as <c>--help</c> and refusals list them.</summary>
    public static string AllNames { get; } = string.Join(", ", Enum.GetValues<TableOperation>().Select(o => o.ToName()));

    public static bool TryParse(string? text, out TableOperation operation)
    {
        foreach (var candidate in Enum.GetValues<TableOperation>())
        {
            if (string.Equals(text?.Trim(), candidate.ToName(), StringComparison.OrdinalIgnoreCase))
            {
                operation = candidate;
                return true;
            }
        }

        operation = default;
        return false;
    }
}
