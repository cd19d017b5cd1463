namespace TableLoad.Bench.Loops;

/// <summary>One task of a baseline client: all it supplies to <see cref="LoopHarness"/> is how to send one batch.</summary>
internal interface IBatchLoop
{
    /// <summary>Sends this task's batch number <paramref name="sequence"/>; true when every insert in it succeeded.</summary>
    Task<bool> SendAsync(long sequence, CancellationToken cancellationToken);
}
