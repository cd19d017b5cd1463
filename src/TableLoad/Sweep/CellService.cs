using TableLoad.Measurement.Service;

namespace TableLoad.Sweep;

/// <summary>
/// The service's own figures of a cell's minutes (its summary.json <c>service</c>), as sweep.csv holds them beside the client's: its
/// transactions, how many it throttled (beside the client's <c>throttled</c>), and its latencies' means over the minutes.
/// </summary>
internal sealed record CellService(long Transactions, long Throttled, double? ServerLatencyMs, double? E2eLatencyMs)
{
    /// <summary>The figures of a view that was read; null without <c>--service-metrics</c>, or when the metrics were unavailable.</summary>
    public static CellService? Of(ServiceSummary? service) => service is { Resource: not null, Unavailable: null } read
        ? new CellService(read.Transactions.Values.Sum(), ServiceThrottles.Names.Sum(n => read.Transactions.GetValueOrDefault(n)), read.ServerLatencyMs?.Mean, read.E2eLatencyMs?.Mean)
        : null;
}
