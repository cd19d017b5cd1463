namespace TableLoad.Proxy.Metrics;

/// <summary>
/// The emulated Cosmos DB container's partition key ranges: each partition key falls in one by a hash of it, as Cosmos DB hashes
/// keys onto its physical partitions, and each range has an equal share of the provisioned RU/s.
/// </summary>
internal sealed class PartitionKeyRanges(int count)
{
    /// <summary>Cosmos DB serves at most this many RU/s from one physical partition, so it splits a container above it.</summary>
    public const double MaxRequestUnitsPerRange = 10_000;

    public int Count => count;

    /// <summary>The ranges of a container with <paramref name="requestUnits"/> RU/s: as given, or one per 10,000 RU/s.</summary>
    public static PartitionKeyRanges For(double? requestUnits, int? given) =>
        new(given ?? Math.Max(1, (int)Math.Ceiling((requestUnits ?? 0) / MaxRequestUnitsPerRange)));

    /// <summary>The range id (<c>0</c> to <c>Count - 1</c>) of a partition: FNV-1a over its characters, stable across runs and processes.</summary>
    public int Of(ReadOnlySpan<char> partition)
    {
        var hash = 2166136261u;
        foreach (var c in partition)
        {
            hash = (hash ^ c) * 16777619u;
        }

        return (int)(hash % (uint)count);
    }
}
