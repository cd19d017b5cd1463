namespace TableLoad.Measurement.Service;

/// <summary>
/// summary.json's <c>service.cosmos</c>: a Cosmos DB account's own per-minute metrics of the run's table (Azure Monitor's, or the
/// proxy's emulation of them) beside the client's figures of the same minutes (docs/service.md).
/// </summary>
internal sealed record CosmosSummary
{
    /// <summary>The table the metrics were filtered to (their <c>CollectionName</c>); null when they are the whole account's.</summary>
    public string? Table { get; init; }

    /// <summary>Each minute from the one holding the first measured second to the one holding the last.</summary>
    public IReadOnlyList<CosmosMinute> Minutes { get; init; } = [];

    /// <summary>TotalRequests of those minutes by status code (<c>200</c>, <c>429</c>, ...).</summary>
    public IReadOnlyDictionary<string, long> StatusCodes { get; init; } = new Dictionary<string, long>();

    /// <summary>The same requests by OperationType (<c>Batch</c>, <c>Read</c>, ...).</summary>
    public IReadOnlyDictionary<string, long> OperationTypes { get; init; } = new Dictionary<string, long>();

    /// <summary>TotalRequestUnits over the minutes; null when the metric was not read.</summary>
    public double? RequestUnits { get; init; }

    /// <summary>The request units the client read from the answers of the same minutes (their <c>x-ms-request-charge</c>).</summary>
    public double ClientRequestUnits { get; init; }

    /// <summary>The minute whose hottest partition key range was the hottest of the run; null when no minute had NormalizedRUConsumption.</summary>
    public NormalizedRu? NormalizedRu { get; init; }
}

/// <summary>One minute of <see cref="CosmosSummary.Minutes"/>: the service's requests and request units beside the client's.</summary>
/// <param name="Client">The client's requests that ended in the minute (warm-up included, as the service counts it) by outcome name.</param>
/// <param name="ClientAttempts">The client's attempts of the minute, retries included: each is a request to the service.</param>
internal sealed record CosmosMinute(
    DateTimeOffset Minute,
    IReadOnlyDictionary<string, long> StatusCodes,
    IReadOnlyDictionary<string, long> Client,
    long ClientAttempts,
    double? RequestUnits,
    double ClientRequestUnits,
    NormalizedRu? NormalizedRu);

/// <summary>
/// A minute's NormalizedRUConsumption: the hottest partition key range's busiest second, in percent of its share of the RU/s, beside
/// the mean over the account's ranges (Azure Monitor's unsplit figure is the hottest range's).
/// </summary>
internal sealed record NormalizedRu(DateTimeOffset Minute, double HottestPercent, string HottestRange, double MeanPercent, int Ranges);
