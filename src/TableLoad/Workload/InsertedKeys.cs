namespace TableLoad.Workload;

/// <summary>
/// A task's keys in each partition it uses when a mix inserts beside its reads: the key space's key numbers 0 … key space − 1
/// (preloaded), then the mix's inserts, key space, key space + 1 …, in order and each once. The reads, queries and
/// read-modify-writes of the mix draw from the keys stored so far in the partition they go to (<see cref="Stored"/>), so none
/// names a key not written yet, and <c>latest</c>'s newest key is the partition's last insert. Not thread-safe: one per task loop.
/// </summary>
internal sealed class InsertedKeys(int keySpace, int batchSize, long partitionCycle)
{
    // Keyed by partition slot (a sequence modulo the cycle): a spread over many partitions keeps only the slots inserted into.
    private readonly Dictionary<long, long> _inserted = [];
    private long _slot;

    /// <summary>How many keys the partition last named by <see cref="Enter"/> holds: the key space and what was inserted into it.</summary>
    public long Stored => keySpace + _inserted.GetValueOrDefault(_slot);

    /// <summary>Says which partition the next draw is for: that of the request numbered <paramref name="sequence"/> among its key use.</summary>
    public void Enter(long sequence) => _slot = sequence % partitionCycle;

    /// <summary>The first key number of the insert numbered <paramref name="sequence"/>: the next its partition has not stored.</summary>
    public int NextInsert(long sequence)
    {
        var next = keySpace + _inserted.GetValueOrDefault(sequence % partitionCycle);
        // Key numbers are written in RowKeys.KeySpaceDigits digits, which the keys' order (and a query's range) depends on.
        return next + batchSize <= RowKeys.MaxKeySpace
            ? (int)next
            : throw new InvalidOperationException($"A task has inserted {next - keySpace} keys into one partition, past the {RowKeys.MaxKeySpace} key numbers a RowKey holds.");
    }

    /// <summary>After the insert numbered <paramref name="sequence"/> stored <paramref name="count"/> keys: they are there to draw.</summary>
    public void Add(long sequence, int count)
    {
        var slot = sequence % partitionCycle;
        _inserted[slot] = _inserted.GetValueOrDefault(slot) + count;
    }
}
