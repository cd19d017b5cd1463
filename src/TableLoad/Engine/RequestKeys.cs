using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// The keys of one task's next request, by operation: a write's batch as <see cref="TaskKeys.For"/> gives it; a read or read-modify-write of one key and
/// a query from one key, drawn from the key space by the run's <see cref="KeyChooser"/>; a delete batch of the next keys not yet deleted in the partition, oldest
/// first, until none is left. In a mix that inserts (<paramref name="inserted"/>), an insert writes the partition's next keys beyond the key space and a draw
/// goes over every key stored in its partition. Not thread-safe: one per task loop.
/// </summary>
/// <param name="random">The task's own: a query's length is drawn from it when <paramref name="query"/> gives a range.</param>
internal sealed class RequestKeys(TableOperation operation, TaskKeys keys, int batchSize, int keySpace, long partitionCycle, QueryShape query, KeyChooser? chooser, Random random, InsertedKeys? inserted = null)
{
    /// <summary>The <paramref name="sequence"/>-th request's keys and how many entities it names; false when a delete has no key left.</summary>
    public bool TryNext(long sequence, string partitionKey, out BatchIdentity batch, out int count)
    {
        (batch, count) = operation.KeyUse() switch
        {
            KeyUse.WritesNew when inserted is not null => (keys.Unwrapped(partitionKey, inserted.NextInsert(sequence), sequence), batchSize),
            KeyUse.WritesNew or KeyUse.Overwrites => (keys.For(sequence, partitionKey), batchSize),
            KeyUse.Reads or KeyUse.Updates => (Drawn(sequence, partitionKey), operation == TableOperation.Query ? query.DrawLength(random) : 1),
            KeyUse.Deletes => NextDeletes(sequence, partitionKey),
        };
        return count > 0;
    }

    private BatchIdentity Drawn(long sequence, string partitionKey)
    {
        if (inserted is null)
        {
            return keys.From(partitionKey, chooser!.Next());
        }

        inserted.Enter(sequence);
        return keys.Unwrapped(partitionKey, chooser!.Next());
    }

    // Each partition's keys go in order: the n-th visit to a partition deletes the n-th batch of its keys.
    private (BatchIdentity, int) NextDeletes(long sequence, string partitionKey)
    {
        var first = sequence / partitionCycle * batchSize;
        return (keys.From(partitionKey, (int)Math.Min(first, keySpace)), (int)Math.Clamp(keySpace - first, 0, batchSize));
    }
}
