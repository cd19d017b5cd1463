using System.Globalization;
using TableLoad.Storage.Monitor;

namespace TableLoad.Proxy.Metrics;

/// <summary>
/// Builds the metrics API's answer to one query of the emulated Cosmos DB account, in the API's shape: TotalRequests and
/// TotalRequestUnits split by StatusCode or OperationType, NormalizedRUConsumption by PartitionKeyRangeId, each filtered to a table by
/// <c>CollectionName eq 'table'</c>; a minute without requests has no aggregation.
/// </summary>
internal static class CosmosAnswerBuilder
{
    public static MetricsAnswer Build(MetricsQuery query, CosmosMetricsRecorder recorder, TimeSpan hold)
    {
        var table = query.Scope is { } scope && scope.Dimension.Equals(CosmosMetric.CollectionNameDimension, StringComparison.OrdinalIgnoreCase) ? scope.Value : null;
        var cells = recorder.Cells(query.Start, query.End, table, hold).ToList();
        var minutes = new List<long>();
        for (var minute = ServiceMetricsRecorder.MinuteOf(query.Start); ServiceMetricsRecorder.Start(minute) < query.End; minute++)
        {
            minutes.Add(minute);
        }

        return new MetricsAnswer
        {
            Timespan = query.Timespan,
            Interval = MetricsQuery.Interval,
            Value = [.. query.Metrics.Select(metric => metric.Equals(CosmosMetric.NormalizedRUConsumption, StringComparison.OrdinalIgnoreCase)
                ? Normalized(query, recorder, minutes, cells, table)
                : Requests(metric, query, minutes, cells))],
        };
    }

    private static MetricSeries Requests(string metric, MetricsQuery query, List<long> minutes, List<(long Minute, int Status, string Operation, CosmosCell Cell)> cells)
    {
        var units = metric.Equals(CosmosMetric.TotalRequestUnits, StringComparison.OrdinalIgnoreCase);
        string? dimension = query.SplitBy switch
        {
            { } by when by.Equals(CosmosMetric.StatusCodeDimension, StringComparison.OrdinalIgnoreCase) => CosmosMetric.StatusCodeDimension,
            { } by when by.Equals(CosmosMetric.OperationTypeDimension, StringComparison.OrdinalIgnoreCase) => CosmosMetric.OperationTypeDimension,
            _ => null,
        };
        var groups = cells
            .GroupBy(c => dimension switch
            {
                CosmosMetric.StatusCodeDimension => c.Status.ToString(CultureInfo.InvariantCulture),
                CosmosMetric.OperationTypeDimension => c.Operation,
                _ => "",
            })
            .OrderBy(g => g.Key, StringComparer.Ordinal);
        var timeseries = groups.Select(g => new MetricTimeSeries(
            dimension is null ? [] : [new MetricDimensionValue(new MetricName(dimension.ToLowerInvariant()), g.Key)],
            [.. minutes.Select(m =>
            {
                var ofMinute = g.Where(c => c.Minute == m).ToList();
                var count = ofMinute.Sum(c => c.Cell.Count);
                var value = units ? ofMinute.Sum(c => c.Cell.Units) : count;
                return count == 0
                    ? new MetricPoint(ServiceMetricsRecorder.Start(m))
                    : new MetricPoint(ServiceMetricsRecorder.Start(m), Total: query.Asks("Total") ? value : null, Count: query.Asks("Count") ? count : null);
            })]));
        return new MetricSeries(new MetricName(metric), "Count", [.. timeseries]);
    }

    /// <summary>Each range's busiest second in percent of its share of the RU/s, at most 100 as Azure Monitor's; unsplit, the hottest range's.</summary>
    private static MetricSeries Normalized(MetricsQuery query, CosmosMetricsRecorder recorder, List<long> minutes, List<(long Minute, int Status, string Operation, CosmosCell Cell)> cells, string? table)
    {
        if (recorder.RequestUnits is not { } provisioned)
        {
            return new MetricSeries(new MetricName(CosmosMetric.NormalizedRUConsumption), "Percent", []);
        }

        var share = provisioned / recorder.Ranges.Count;
        var active = cells.Select(c => c.Minute).ToHashSet();
        double? PercentOf(long minute, int range) => active.Contains(minute) ? Math.Min(100, 100 * recorder.PeakSecondUnits(minute, range, table) / share) : null;
        var split = query.SplitBy is { } by && by.Equals(CosmosMetric.PartitionKeyRangeIdDimension, StringComparison.OrdinalIgnoreCase);
        var ranges = Enumerable.Range(0, recorder.Ranges.Count).ToList();
        var timeseries = split
            ? ranges.Select(range => new MetricTimeSeries(
                [new MetricDimensionValue(new MetricName(CosmosMetric.PartitionKeyRangeIdDimension.ToLowerInvariant()), range.ToString(CultureInfo.InvariantCulture))],
                [.. minutes.Select(m => new MetricPoint(ServiceMetricsRecorder.Start(m), Maximum: PercentOf(m, range)))]))
            : [new MetricTimeSeries([], [.. minutes.Select(m => new MetricPoint(ServiceMetricsRecorder.Start(m), Maximum: ranges.Select(r => PercentOf(m, r)).Max()))])];
        return new MetricSeries(new MetricName(CosmosMetric.NormalizedRUConsumption), "Percent", [.. timeseries]);
    }
}
