namespace TableLoad.Workload;

/// <summary>
/// YCSB's <c>zipfian</c> request distribution (its ScrambledZipfianGenerator): an item drawn from a zipfian over
/// 10^10 items (<see cref="ZipfianItems"/>), then hashed with FNV-1a 64 into the key space. Without the hash the
/// hot keys would be 0, 1, 2 …, side by side at the key space's start (in one range of RowKeys, where the service
/// splits partitions by key range); hashed, they lie anywhere, as an application's popular entities do. A key's
/// probability is the sum of the items' that hash to it, so the skew holds for any key space far below 10^10.
/// </summary>
internal sealed class ScrambledZipfianKeys : KeyChooser
{
    /// <summary>YCSB's item space (ScrambledZipfianGenerator's ITEM_COUNT).</summary>
    public const long ItemSpace = 10_000_000_000;

    private const ulong FnvOffsetBasis = 14695981039346656037;
    private const ulong FnvPrime = 1099511628211;

    private readonly Random _random;
    private readonly ZipfianItems _items;
    private readonly Func<long>? _stored;
    private ulong _space;

    /// <param name="stored">
    /// Null for a fixed key space. For one that a mix's inserts grow, how many keys are stored: as YCSB sizes its generator for the keys
    /// it expects to insert and draws again past the last inserted, the hash goes into twice the key space (doubled when the keys stored
    /// pass it), and a draw past the keys stored is drawn again; so the hot keys stay where they are while inserts add keys.
    /// </param>
    public ScrambledZipfianKeys(int keySpace, Random random, ZetaFunction zeta, Func<long>? stored = null)
    {
        _space = (ulong)keySpace * (stored is null ? 1UL : 2UL);
        _random = random;
        _items = new ZipfianItems(ItemSpace, zeta);
        _stored = stored;
    }

    public override int Next()
    {
        if (_stored is null)
        {
            return (int)(Hash(_items.ItemFor(_random.NextDouble())) % _space);
        }

        var count = (ulong)_stored();
        while (_space < count)
        {
            _space *= 2;
        }

        // At least half of the space is stored, so a draw takes two tries on average.
        ulong key;
        do
        {
            key = Hash(_items.ItemFor(_random.NextDouble())) % _space;
        }
        while (key >= count);
        return (int)key;
    }

    /// <summary>FNV-1a 64 of the item's 8 bytes, least significant first, as YCSB hashes (it then drops the sign; we take the hash unsigned).</summary>
    public static ulong Hash(long item)
    {
        var hash = FnvOffsetBasis;
        var rest = (ulong)item;
        for (var i = 0; i < sizeof(long); i++)
        {
            hash = (hash ^ (rest & 0xFF)) * FnvPrime;
            rest >>= 8;
        }

        return hash;
    }
}
