namespace TableLoad.Workload;

/// <summary>
/// YCSB's <c>latest</c> request distribution (its SkewedLatestGenerator): a zipfian offset back from the newest key,
/// over as many keys as were written (at most the key space). The newest key is the likeliest (1/ζ(n)), the one
/// before it next (2^−θ/ζ(n)), and so on: reads that follow writes, as a feed or a recent-orders page reads. Keys
/// written in a cycle over the key space wrap: the one before key 0 is the key space's last.
/// </summary>
internal sealed class SkewedLatestKeys(int keySpace, Random random, ZetaFunction zeta, Func<long> keysWritten) : KeyChooser
{
    // Gray's constants depend on the count of keys, which writes raise, so they are recomputed when it has changed.
    private ZipfianItems _items;

    public override int Next()
    {
        var written = keysWritten();
        if (written < 1)
        {
            throw new InvalidOperationException("The latest distribution reads keys written before; none was written yet.");
        }

        var count = Math.Min(written, keySpace);
        if (count != _items.Count)
        {
            _items = new ZipfianItems(count, zeta);
        }

        var back = _items.ItemFor(random.NextDouble());
        var newest = (written - 1) % keySpace;
        return (int)((newest - back + keySpace) % keySpace);
    }
}
