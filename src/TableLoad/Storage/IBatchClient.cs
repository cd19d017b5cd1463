namespace TableLoad.Storage;

/// <summary>One process's way of sending requests to the table, shared by its task loops.</summary>
internal interface IBatchClient : IDisposable
{
    BatchClientKind Kind { get; }

    /// <summary>
    /// A sender of <paramref name="operation"/> for one task loop, a write or delete in the form <paramref name="writes"/> says (a read, a query
    /// and a read-modify-write have one form); it owns that loop's reusable request and is not thread-safe.
    /// </summary>
    IRequestSender CreateSender(TableOperation operation, WriteForm writes);
}
