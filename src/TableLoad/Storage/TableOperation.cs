using TableLoad.Storage.Operations;
using TableLoad.Storage.Operations.Delete;
using TableLoad.Storage.Operations.Insert;
using TableLoad.Storage.Operations.Query;
using TableLoad.Storage.Operations.Read;
using TableLoad.Storage.Operations.ReadModifyWrite;
using TableLoad.Storage.Operations.UpsertMerge;
using TableLoad.Storage.Operations.UpsertReplace;

namespace TableLoad.Storage;

/// <summary>
/// What each request of a run does (<c>--operation</c>): a write sends entity group transactions of
/// <c>--batch-size</c> entities; a read, a query, a delete and a read-modify-write act on keys a key space holds. The names are the
/// option's values and the <c>operation</c> field of every result file. What each one is and how it is sent is its definition
/// (<see cref="TableOperationNames.Definition"/>), in its folder under <c>Storage/Operations/</c>.
/// </summary>
internal enum TableOperation
{
    Insert,
    UpsertReplace,
    UpsertMerge,
    Read,
    Query,
    Delete,
    ReadModifyWrite,
}

internal static class TableOperationNames
{
    /// <summary>The <c>--operation</c> a run has when none is given, and every result file written before the option.</summary>
    public const TableOperation Default = TableOperation.Insert;

    public static string DefaultName { get; } = Default.ToName();

    /// <summary>The operation's one definition: its name, key use, senders and the rest, each in its own folder under Operations.</summary>
    public static OperationDefinition Definition(this TableOperation operation) => operation switch
    {
        TableOperation.Insert => InsertDefinition.Instance,
        TableOperation.UpsertReplace => UpsertReplaceDefinition.Instance,
        TableOperation.UpsertMerge => UpsertMergeDefinition.Instance,
        TableOperation.Read => ReadDefinition.Instance,
        TableOperation.Query => QueryDefinition.Instance,
        TableOperation.Delete => DeleteDefinition.Instance,
        TableOperation.ReadModifyWrite => ReadModifyWriteDefinition.Instance,
    };

    public static string ToName(this TableOperation operation) => operation.Definition().Name;

    /// <summary>What a request of the operation is to the key space: whether it writes its keys, and whether they must exist.</summary>
    public static KeyUse KeyUse(this TableOperation operation) => operation.Definition().KeyUse;

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
    public static double EntitiesAsked(this TableOperation operation, int batchSize, QueryShape query) => operation.Definition().EntitiesAsked(batchSize, query);

    /// <summary>The names, as <c>--help</c> and refusals list them.</summary>
    public static string AllNames { get; } = string.Join(", ", Enum.GetValues<TableOperation>().Select(o => o.ToName()));

    /// <summary>The names of the operations <paramref name="holds"/> is true of, as a refusal lists them: "read, query or read-modify-write".</summary>
    public static string NamesWhere(Func<TableOperation, bool> holds)
    {
        var names = Enum.GetValues<TableOperation>().Where(holds).Select(o => o.ToName()).ToList();
        return names.Count == 1 ? names[0] : $"{string.Join(", ", names[..^1])} or {names[^1]}";
    }

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
