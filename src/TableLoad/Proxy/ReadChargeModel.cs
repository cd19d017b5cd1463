namespace TableLoad.Proxy;

/// <summary>
/// What the Cosmos DB emulation charges, in request units, to read: a point read by the size of the entity it returns,
/// and a query page as a base charge plus a point read of each entity it returned (docs/cosmos.md gives the sources,
/// and says which part is TableLoad's own assumption).
/// </summary>
internal static class ReadChargeModel
{
    /// <summary>A point read of an item up to 1 KB ("Request Units in Azure Cosmos DB"), and the least any read costs.</summary>
    public const double PointReadMinimum = 1;

    /// <summary>What a query page costs before its entities: TableLoad's assumption, one point read's worth.</summary>
    public const double QueryBase = 1;

    // (KB, RU) of point reads as published in "Optimize request cost in Azure Cosmos DB" (Microsoft Learn): 1 KB, 1 RU; 100 KB, 10 RU.
    private const double SmallKilobytes = 1;
    private const double LargeKilobytes = 100;
    private const double LargeCharge = 10;

    /// <summary>A point read that returned <paramref name="bytes"/> of JSON: 1 RU up to 1 KB, then linear to 10 RU at 100 KB, and in proportion beyond.</summary>
    public static double PointRead(long bytes)
    {
        var kilobytes = bytes / 1024.0;
        if (kilobytes <= SmallKilobytes)
        {
            return PointReadMinimum;
        }

        return kilobytes <= LargeKilobytes
            ? PointReadMinimum + ((LargeCharge - PointReadMinimum) * (kilobytes - SmallKilobytes) / (LargeKilobytes - SmallKilobytes))
            : LargeCharge * kilobytes / LargeKilobytes;
    }
}
