namespace TableLoad.Measurement.Service;

/// <summary>
/// summary.json's <c>service</c>: the service's own per-minute metrics of the run's minutes (Azure Monitor's, or the proxy's emulation
/// of them), beside the client's figures of the same minutes, and the sentences that reconcile the two; and the service's request log
/// joined with the run's requests (docs/service.md).
/// </summary>
internal sealed record ServiceSummary
{
    /// <summary>The resource id the metrics were read of; null without <c>--service-metrics</c>.</summary>
    public string? Resource { get; init; }

    /// <summary>Why nothing could be read; null when the metrics were read.</summary>
    public string? Unavailable { get; init; }

    /// <summary>Each minute from the one holding the first measured second to the one holding the last.</summary>
    public IReadOnlyList<ServiceMinute> Minutes { get; init; } = [];

    /// <summary>The service's transactions of those minutes by ResponseType name (<c>Success</c>, <c>ServerBusyError</c>, ...).</summary>
    public IReadOnlyDictionary<string, long> Transactions { get; init; } = new Dictionary<string, long>();

    /// <summary>The same transactions by ApiName (<c>EntityGroupTransaction</c>, <c>CreateTable</c>, ...).</summary>
    public IReadOnlyDictionary<string, long> ApiNames { get; init; } = new Dictionary<string, long>();

    /// <summary>SuccessServerLatency over the minutes: the mean weighted by each minute's successes, and the largest; null when no minute had one.</summary>
    public ServiceLatency? ServerLatencyMs { get; init; }

    /// <summary>SuccessE2ELatency over the minutes, as <see cref="ServerLatencyMs"/>.</summary>
    public ServiceLatency? E2eLatencyMs { get; init; }

    public long? IngressBytes { get; init; }

    public long? EgressBytes { get; init; }

    /// <summary>The run's own requests besides its load's that ended in those minutes (the table's creation, --verify's count ...): transactions too.</summary>
    public IReadOnlyList<OwnCallCount> OwnCalls { get; init; } = [];

    /// <summary>One sentence per difference between the service's counts and the client's, and one for what matched.</summary>
    public IReadOnlyList<string> Reconciliation { get; init; } = [];

    /// <summary>A Cosmos DB account's metrics of the run's table; null for a storage account's table service.</summary>
    public CosmosSummary? Cosmos { get; init; }

    /// <summary>The service's request log joined with the run's requests; null without <c>--service-log</c>.</summary>
    [Merge(MergeRule.Derived)]
    public ServiceLogSummary? Log { get; init; }

    /// <summary>The share of the transactions the service throttled (ServerBusyError, ServerTimeoutError, ClientThrottlingError; a Cosmos DB account's 429s), in percent; null without transactions.</summary>
    public double? ThrottledPercent()
    {
        // A Cosmos DB account throttles with 429 only.
        var (counts, throttles) = Cosmos is { } cosmos ? (cosmos.StatusCodes, ["429"]) : (Transactions, ServiceThrottles.Names);
        var all = counts.Values.Sum();
        return Unavailable is null && all > 0
            ? 100.0 * throttles.Sum(n => counts.GetValueOrDefault(n)) / all
            : null;
    }
}

/// <summary>One minute of <see cref="ServiceSummary.Minutes"/>: the service's transactions beside the client's requests that ended in it.</summary>
/// <param name="Client">The client's requests of the minute (warm-up included, as the service counts it) by outcome name.</param>
/// <param name="ClientAttempts">The client's attempts of the minute, retries included: each is a transaction to the service.</param>
/// <param name="ClientLatencyMs">The client's mean latency of the minute; null when none ended in it.</param>
internal sealed record ServiceMinute(
    DateTimeOffset Minute,
    IReadOnlyDictionary<string, long> Transactions,
    IReadOnlyDictionary<string, long> Client,
    long ClientAttempts,
    double? ClientLatencyMs,
    ServiceLatency? ServerLatencyMs,
    ServiceLatency? E2eLatencyMs);

/// <summary>A latency metric's Average and Maximum, in milliseconds.</summary>
internal sealed record ServiceLatency(double Mean, double Max);

/// <summary>The ResponseType names that are throttles.</summary>
internal static class ServiceThrottles
{
    public static IReadOnlyList<string> Names { get; } = ["ServerBusyError", "ServerTimeoutError", "ClientThrottlingError", "ClientAccountRequestThrottlingError", "ClientAccountBandwidthThrottlingError"];
}
