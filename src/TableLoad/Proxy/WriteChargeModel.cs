using System.Globalization;

namespace TableLoad.Proxy;

/// <summary>
/// What the Cosmos DB Table API charges, in request units, to write one entity: a charge by the entity's size,
/// interpolated between the write charges Cosmos DB publishes per document size, plus a charge per indexed
/// property (docs/proxy.md gives the source and the figures).
/// </summary>
internal static class WriteChargeModel
{
    /// <summary>Request units per property beyond PartitionKey and RowKey, which default indexing indexes.</summary>
    public const double PerProperty = 0.1;

    // (KB, RU) as published for writes with default indexing in "Understand request unit consumption" (Microsoft Learn).
    private static readonly (double Kilobytes, double Charge)[] BySize =
    [
        (1, 4.95), (2, 6.29), (4, 6.67), (8, 7.04), (16, 9.52), (32, 11.23), (64, 22.67),
        (128, 48.19), (256, 98.29), (512, 184.57), (1024, 625.00), (2048, 1250.00),
    ];

    /// <summary>
    /// A delete, which Cosmos DB counts among writes: the proxy does not see the item a delete removes (the request carries
    /// only its keys), so it charges the smallest item's write, 1 KB with no property besides the keys.
    /// </summary>
    public static double Delete => EntityCharge(0, 0);

    /// <summary>The charge for writing an entity of <paramref name="bytes"/> (its JSON) with <paramref name="properties"/> besides its keys.</summary>
    public static double EntityCharge(long bytes, int properties) => SizeCharge(bytes / 1024.0) + (PerProperty * properties);

    /// <summary>A request's charge as Cosmos DB sends it in <c>x-ms-request-charge</c>: two decimals, invariant culture.</summary>
    public static string HeaderValue(double charge) => charge.ToString("0.00", CultureInfo.InvariantCulture);

    /// <summary>A request's charge rounded to the hundredth the header carries, so the proxy counts what clients read.</summary>
    public static double Rounded(double charge) => Math.Round(charge, 2, MidpointRounding.AwayFromZero);

    private static double SizeCharge(double kilobytes)
    {
        if (kilobytes <= BySize[0].Kilobytes)
        {
            return BySize[0].Charge; // nothing is cheaper to write than the 1 KB document
        }

        for (var i = 1; i < BySize.Length; i++)
        {
            var (upperKb, upperCharge) = BySize[i];
            if (kilobytes <= upperKb)
            {
                var (lowerKb, lowerCharge) = BySize[i - 1];
                return lowerCharge + ((upperCharge - lowerCharge) * (kilobytes - lowerKb) / (upperKb - lowerKb));
            }
        }

        var (lastKb, lastCharge) = BySize[^1];
        return lastCharge * kilobytes / lastKb; // past the table (beyond any entity the service accepts): in proportion
    }
}
