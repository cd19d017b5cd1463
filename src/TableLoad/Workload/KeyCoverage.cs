namespace TableLoad.Workload;

/// <summary>
/// Which keys of a key space one task has stored, per partition it writes, so a run counts the distinct
/// keys it wrote (what <c>--verify</c> expects the table to hold) however often it rewrote them. Each
/// partition's bitmap grows only as far as the keys written, so it costs a bit per key at most.
/// </summary>
internal sealed class KeyCoverage(int keySpace)
{
    private readonly Dictionary<long, ulong[]> _stored = [];

    /// <summary>Marks the batch's keys stored in the partition numbered <paramref name="partitionSlot"/>; returns how many were new.</summary>
    public int Store(long partitionSlot, in BatchIdentity batch, int count)
    {
        ref var bits = ref System.Runtime.InteropServices.CollectionsMarshal.GetValueRefOrAddDefault(_stored, partitionSlot, out _);
        var added = 0;
        for (var i = 0; i < count; i++)
        {
            var key = batch.KeyNumber(i);
            if (bits is null || bits.Length <= key >> 6)
            {
                Array.Resize(ref bits, Math.Min(Math.Max((key >> 6) + 1, (bits?.Length ?? 0) * 2), (keySpace + 63) >> 6));
            }

            var mask = 1UL << (key & 63);
            if ((bits[key >> 6] & mask) == 0)
            {
                bits[key >> 6] |= mask;
                added++;
            }
        }

        return added;
    }
}
