using TableLoad.Storage.Monitor;

namespace TableLoad.Proxy.Metrics;

/// <summary>Builds the metrics API's answer to one query from the recorded cells, in the API's shape: a minute without data has no aggregation.</summary>
internal static class MetricsAnswerBuilder
{
    private static readonly string[] ByResponseType = [MonitorMetric.Transactions];
    private static readonly string[] ByApiName = [MonitorMetric.Transactions, MonitorMetric.SuccessServerLatency, MonitorMetric.SuccessE2ELatency, MonitorMetric.Ingress, MonitorMetric.Egress];

    public static MetricsAnswer Build(MetricsQuery query, IReadOnlyList<(DateTimeOffset Minute, ResponseType Type, string Api, MetricsCell Cell)> cells)
    {
        var minutes = new List<DateTimeOffset>();
        for (var minute = Floor(query.Start); minute < query.End; minute = minute.AddMinutes(1))
        {
            minutes.Add(minute);
        }

        return new MetricsAnswer
        {
            Timespan = query.Timespan,
            Interval = MetricsQuery.Interval,
            Value = [.. query.Metrics.Select(metric => Series(metric, query, minutes, cells))],
        };
    }

    private static MetricSeries Series(string metric, MetricsQuery query, List<DateTimeOffset> minutes, IReadOnlyList<(DateTimeOffset Minute, ResponseType Type, string Api, MetricsCell Cell)> cells)
    {
        string? dimension = query.SplitBy switch
        {
            { } by when by.Equals(MonitorMetric.ResponseTypeDimension, StringComparison.OrdinalIgnoreCase) && ByResponseType.Contains(metric) => MonitorMetric.ResponseTypeDimension,
            { } by when by.Equals(MonitorMetric.ApiNameDimension, StringComparison.OrdinalIgnoreCase) && ByApiName.Contains(metric) => MonitorMetric.ApiNameDimension,
            _ => null,
        };
        var groups = cells
            .GroupBy(c => dimension is null ? "" : dimension == MonitorMetric.ApiNameDimension ? c.Api : c.Type.Name())
            .OrderBy(g => g.Key, StringComparer.Ordinal);
        var timeseries = groups.Select(g => new MetricTimeSeries(
            dimension is null ? [] : [new MetricDimensionValue(new MetricName(dimension.ToLowerInvariant()), g.Key)],
            [.. minutes.Select(m => Point(metric, m, [.. g.Where(c => c.Minute == m).Select(c => c.Cell)]))]));
        var unit = metric switch
        {
            MonitorMetric.SuccessServerLatency or MonitorMetric.SuccessE2ELatency => "MilliSeconds",
            MonitorMetric.Ingress or MonitorMetric.Egress => "Bytes",
            _ => "Count",
        };
        return new MetricSeries(new MetricName(metric), unit, [.. timeseries]);
    }

    private static MetricPoint Point(string metric, DateTimeOffset minute, List<MetricsCell> cells)
    {
        var successes = cells.Sum(c => c.Successes);
        return metric switch
        {
            MonitorMetric.Transactions when cells.Sum(c => c.Count) is > 0 and var count => new MetricPoint(minute, Total: count),
            MonitorMetric.Ingress when cells.Sum(c => c.Count) > 0 => new MetricPoint(minute, Total: cells.Sum(c => c.Ingress)),
            MonitorMetric.Egress when cells.Sum(c => c.Count) > 0 => new MetricPoint(minute, Total: cells.Sum(c => c.Egress)),
            MonitorMetric.SuccessServerLatency when successes > 0 =>
                new MetricPoint(minute, Average: cells.Sum(c => c.ServerMicros) / 1000.0 / successes, Maximum: cells.Max(c => c.ServerMaxMicros) / 1000.0),
            MonitorMetric.SuccessE2ELatency when successes > 0 =>
                new MetricPoint(minute, Average: cells.Sum(c => c.E2EMicros) / 1000.0 / successes, Maximum: cells.Max(c => c.E2EMaxMicros) / 1000.0),
            _ => new MetricPoint(minute),
        };
    }

    private static DateTimeOffset Floor(DateTimeOffset time) => new(time.UtcTicks / TimeSpan.TicksPerMinute * TimeSpan.TicksPerMinute, TimeSpan.Zero);
}
