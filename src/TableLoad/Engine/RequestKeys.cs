using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// The keys of one task's next request, by operation: a write's batch as <see cref="TaskKeys.For"/> gives it; a read or read-modify-write of one key and
/// a query from one key, drawn from the key space by the run's <see cref="KeyChooser"/>; a delete batch of the next keys not yet deleted in the partition, oldest
/// first, until none is left. Not thread-safe: one per task loop.
/// </summary>
internal sealed class RequestKeys(TableOperation operation, TaskKeys keys, int batchSize, int keySpace, long partitionCycle, int queryLength, KeyChooser? chooser)
{
    /// <summary>The <paramref name="sequence"/>-th request's keys and how many entities it names; false when a delete has no key left.</summary>
    public bool TryNext(long sequence, string partitionKey, out BatchIdentity batch, out int count)
    {
        (batch, count) = operation.KeyUse() switch
        {
            KeyUse.WritesNew or KeyUse.Overwrites => (keys.For(sequence, partitionKey), batchSize),
            KeyUse.Reads or KeyUse.Updates => (keys.From(partitionKey, chooser!.Next()), operation == TableOperation.Query ? queryLength : 1),
            KeyUse.Deletes => NextDeletes(sequence, partitionKey),
        };
        return count > 0;
    }

    // Each partition's keys go in order: the n-th visit to a partition deletes the n-th batch of its keys.
    private (BatchIdentity, int) NextDeletes(long sequence, string partitionKey)
    {
        var first = sequence / partitionCycle * batchSize;
        return (keys.From(partitionKey, (int)Math.Min(first, keySpace)), (int)Math.Clamp(keySpace - first, 0, batchSize));
    }
}
