namespace TableLoad.Storage;

/// <summary>One process's way of sending requests to the table, shared by its task loops.</summary>
internal interface IBatchClient : IDisposable
{
    BatchClientKind Kind { get; }

    /// <summary>A sender of <paramref name="operation"/> for one task loop; it owns that loop's reusable request and is not thread-safe.</summary>
    IRequestSender CreateSender(TableOperation operation);
}
