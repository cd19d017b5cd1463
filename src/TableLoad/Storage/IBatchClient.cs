namespace TableLoad.Storage;

/// <summary>One process's way of sending entity group transactions, shared by its task loops.</summary>
internal interface IBatchClient : IDisposable
{
    BatchClientKind Kind { get; }

    /// <summary>A sender for one task loop; it owns that loop's reusable batch and is not thread-safe.</summary>
    IBatchSender CreateSender();
}
