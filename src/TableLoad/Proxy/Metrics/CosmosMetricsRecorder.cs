using System.Collections.Concurrent;

namespace TableLoad.Proxy.Metrics;

/// <summary>
/// The emulated Cosmos DB account's per-minute metrics of what passed through the proxy in Cosmos mode: each request of a table counted
/// once in the minute it ended, by status code and operation type, with its charge; and each partition key range's request units per
/// second, whose busiest second of a minute is that range's NormalizedRUConsumption.
/// </summary>
internal sealed class CosmosMetricsRecorder(ServiceMetricsRecorder arrival, PartitionKeyRanges ranges, double? requestUnits)
{
    private readonly ConcurrentDictionary<(long Minute, string Table, int Status, string Operation), CosmosCell> _requests = new();
    private readonly ConcurrentDictionary<(long Minute, long Second, string Table, int Range), long> _centiUnitsBySecond = new();

    public PartitionKeyRanges Ranges => ranges;

    /// <summary>The RU/s provisioned; null in Cosmos mode without <c>--request-units</c>, where nothing is charged.</summary>
    public double? RequestUnits => requestUnits;

    /// <param name="partition">"account/table/key", as <see cref="RequestAdmission.PartitionOf"/> gives it.</param>
    /// <param name="charge">The request units charged and the second whose budget admitted them.</param>
    public void Record(DateTimeOffset ended, string partition, int status, string operation, (double Units, long Second) charge)
    {
        var table = partition.Split('/')[1];
        // Charges carry two decimals: counted in hundredths, they add up exactly and lock-free.
        var centiUnits = (long)Math.Round(charge.Units * 100);
        _requests.GetOrAdd((ServiceMetricsRecorder.MinuteOf(ended), table, status, operation), static _ => new CosmosCell()).Add(centiUnits);
        if (centiUnits > 0)
        {
            var minute = ServiceMetricsRecorder.MinuteOf(DateTimeOffset.FromUnixTimeSeconds(charge.Second));
            _centiUnitsBySecond.AddOrUpdate((minute, charge.Second, table, ranges.Of(partition)), centiUnits, (_, sum) => sum + centiUnits);
        }
    }

    /// <summary>The requests' cells of the minutes from <paramref name="start"/> (inclusive) to <paramref name="end"/> (exclusive) that have arrived, of one table or all.</summary>
    public IEnumerable<(long Minute, int Status, string Operation, CosmosCell Cell)> Cells(DateTimeOffset start, DateTimeOffset end, string? table, TimeSpan hold) =>
        _requests
            .Where(c => c.Key.Minute >= ServiceMetricsRecorder.MinuteOf(start) && ServiceMetricsRecorder.Start(c.Key.Minute) < end && arrival.HasArrived(c.Key.Minute, hold)
                && (table is null || string.Equals(c.Key.Table, table, StringComparison.OrdinalIgnoreCase)))
            .Select(c => (c.Key.Minute, c.Key.Status, c.Key.Operation, c.Value));

    /// <summary>The request units a range spent in the busiest second of <paramref name="minute"/>, of one table or all.</summary>
    public double PeakSecondUnits(long minute, int range, string? table) =>
        _centiUnitsBySecond
            .Where(s => s.Key.Minute == minute && s.Key.Range == range && (table is null || string.Equals(s.Key.Table, table, StringComparison.OrdinalIgnoreCase)))
            .GroupBy(s => s.Key.Second)
            .Select(g => g.Sum(s => s.Value) / 100.0)
            .DefaultIfEmpty(0)
            .Max();

    /// <summary>TotalRequests by minute (ISO 8601, UTC) and status code, every table and minute: <c>/_proxy/stats</c>'s <c>cosmos_requests</c>.</summary>
    public SortedDictionary<string, SortedDictionary<string, long>> RequestsByMinute()
    {
        var byMinute = new SortedDictionary<string, SortedDictionary<string, long>>(StringComparer.Ordinal);
        foreach (var ((minute, _, status, _), cell) in _requests)
        {
            var key = ServiceMetricsRecorder.MinuteKey(minute);
            if (!byMinute.TryGetValue(key, out var codes))
            {
                byMinute[key] = codes = new SortedDictionary<string, long>(StringComparer.Ordinal);
            }

            var code = status.ToString(System.Globalization.CultureInfo.InvariantCulture);
            codes[code] = codes.GetValueOrDefault(code) + cell.Count;
        }

        return byMinute;
    }
}

/// <summary>One minute's requests of one table, status code and operation type, and their charges in hundredths of a request unit.</summary>
internal sealed class CosmosCell
{
    private long _count;
    private long _centiUnits;

    public long Count => Volatile.Read(ref _count);

    public double Units => Volatile.Read(ref _centiUnits) / 100.0;

    public void Add(long centiUnits)
    {
        Interlocked.Increment(ref _count);
        Interlocked.Add(ref _centiUnits, centiUnits);
    }
}
