namespace TableLoad.Storage;

/// <summary>What every operation of a batch does (<c>--operation</c>); the names are the option's values and the <c>operation</c> field of every result file.</summary>
internal enum BatchOperation
{
    /// <summary>Insert: the SDK's <c>Add</c>, a POST to the table; a key that exists is refused (409).</summary>
    Insert,

    /// <summary>Insert or replace: the SDK's <c>UpsertReplace</c>, a PUT to the entity's address without If-Match.</summary>
    UpsertReplace,

    /// <summary>Insert or merge: the SDK's <c>UpsertMerge</c>, a PATCH to the entity's address without If-Match.</summary>
    UpsertMerge,
}

internal static class BatchOperationNames
{
    /// <summary>The <c>--operation</c> a run has when none is given, and every result file written before the option.</summary>
    public const BatchOperation Default = BatchOperation.Insert;

    public static string DefaultName { get; } = Default.ToName();

    public static string ToName(this BatchOperation operation) => operation switch
    {
        BatchOperation.Insert => "insert",
        BatchOperation.UpsertReplace => "upsert-replace",
        BatchOperation.UpsertMerge => "upsert-merge",
    };

    /// <summary>Whether writing a key twice is allowed: an upsert overwrites, an insert is refused.</summary>
    public static bool Overwrites(this BatchOperation operation) => operation switch
    {
        BatchOperation.Insert => false,
        BatchOperation.UpsertReplace or BatchOperation.UpsertMerge => true,
    };

    public static bool TryParse(string? text, out BatchOperation operation)
    {
        foreach (var candidate in Enum.GetValues<BatchOperation>())
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
