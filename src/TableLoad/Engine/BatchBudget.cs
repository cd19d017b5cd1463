namespace TableLoad.Engine;

/// <summary>The optional cap on the number of batches all tasks of a process may start.</summary>
internal sealed class BatchBudget(long? limit)
{
    private long _remaining = limit ?? long.MaxValue;

    public bool TryTake() => limit is null || Interlocked.Decrement(ref _remaining) >= 0;
}
