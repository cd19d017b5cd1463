using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>The minutes whose metrics stand beside a run: from the minute holding its first measured second to the one holding its last.</summary>
internal sealed record RunMinutes(DateTimeOffset First, DateTimeOffset Last)
{
    public static RunMinutes Of(long firstSecond, long lastSecond) =>
        new(DateTimeOffset.FromUnixTimeSeconds(firstSecond / 60 * 60), DateTimeOffset.FromUnixTimeSeconds(lastSecond / 60 * 60));

    public int Count => (int)((Last - First).TotalMinutes + 1);

    public IEnumerable<DateTimeOffset> All() => Enumerable.Range(0, Count).Select(i => First.AddMinutes(i));

    /// <summary>Transactions by ResponseType: the first query, and the one whose last minute says the metrics have arrived.</summary>
    public MetricsQuery ByResponseType() => new([MonitorMetric.Transactions], First, Last.AddMinutes(1), ["Total"], MonitorMetric.ResponseTypeDimension);

    public MetricsQuery ByApiName() => new([MonitorMetric.Transactions], First, Last.AddMinutes(1), ["Total"], MonitorMetric.ApiNameDimension);

    public MetricsQuery Latencies() => new(
        [MonitorMetric.SuccessServerLatency, MonitorMetric.SuccessE2ELatency, MonitorMetric.Ingress, MonitorMetric.Egress], First, Last.AddMinutes(1), ["Average", "Maximum", "Total"], null);

    /// <summary>Whether the answer holds the last minute of the query's first metric: a minute without data has no total (nor count).</summary>
    public bool HasLast(MetricsAnswer answer, MetricsQuery query) =>
        Series(answer, query.Metrics[0]).Any(s => s.Data?.Any(p => p.TimeStamp == Last && (p.Total ?? p.Count) is not null) == true);

    public static IEnumerable<MetricTimeSeries> Series(MetricsAnswer answer, string metric) =>
        (answer.Value ?? []).Where(m => string.Equals(m.Name?.Value, metric, StringComparison.OrdinalIgnoreCase)).SelectMany(m => m.Timeseries ?? []);
}
