using System.Collections.Concurrent;
using System.Globalization;
using TableLoad.Storage.Monitor;

namespace TableLoad.Proxy.Metrics;

/// <summary>
/// The emulated service's per-minute metrics of what passed through the proxy, by Azure Monitor's definitions: each request
/// counted once, in the minute it ended, under its ResponseType and ApiName.
/// </summary>
internal sealed class ServiceMetricsRecorder(TimeProvider time)
{
    private readonly ConcurrentDictionary<(long Minute, ResponseType Type, string Api), MetricsCell> _cells = new();
    private readonly ConcurrentDictionary<long, long> _lastUpdatedTicks = new();

    public void Record(DateTimeOffset ended, ResponseType type, string api, long ingress, long egress, TimeSpan server, TimeSpan e2e)
    {
        var minute = MinuteOf(ended);
        var success = type == ResponseType.Success ? ((long)(server.TotalMilliseconds * 1000), (long)(e2e.TotalMilliseconds * 1000)) : ((long, long)?)null;
        _cells.GetOrAdd((minute, type, api), static _ => new MetricsCell()).Add(ingress, egress, success);
        _lastUpdatedTicks[minute] = time.GetUtcNow().UtcTicks;
    }

    /// <summary>The cells of the minutes from <paramref name="start"/> (inclusive) to <paramref name="end"/> (exclusive) that have been quiet for <paramref name="hold"/>.</summary>
    public IEnumerable<(DateTimeOffset Minute, ResponseType Type, string Api, MetricsCell Cell)> Cells(DateTimeOffset start, DateTimeOffset end, TimeSpan hold)
    {
        return _cells
            .Where(c => c.Key.Minute >= MinuteOf(start) && c.Key.Minute < MinuteOf(end + TimeSpan.FromTicks(TimeSpan.TicksPerMinute - 1)) && HasArrived(c.Key.Minute, hold))
            .Select(c => (Start(c.Key.Minute), c.Key.Type, c.Key.Api, c.Value));
    }

    /// <summary>Whether the minute has been quiet for <paramref name="hold"/>: its metrics are served, as Azure Monitor's arrive late.</summary>
    public bool HasArrived(long minute, TimeSpan hold) => time.GetUtcNow().UtcTicks - _lastUpdatedTicks.GetValueOrDefault(minute) >= hold.Ticks;

    /// <summary>A minute (whole minutes since the epoch) as <c>/_proxy/stats</c> keys it: ISO 8601, UTC.</summary>
    public static string MinuteKey(long minute) => Start(minute).UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture);

    /// <summary>Transactions by minute (ISO 8601, UTC) and ResponseType name, every minute served or held back: <c>/_proxy/stats</c>'s <c>service_transactions</c>.</summary>
    public SortedDictionary<string, SortedDictionary<string, long>> TransactionsByMinute()
    {
        var byMinute = new SortedDictionary<string, SortedDictionary<string, long>>(StringComparer.Ordinal);
        foreach (var ((minute, type, _), cell) in _cells)
        {
            var key = MinuteKey(minute);
            if (!byMinute.TryGetValue(key, out var types))
            {
                byMinute[key] = types = new SortedDictionary<string, long>(StringComparer.Ordinal);
            }

            types[type.Name()] = types.GetValueOrDefault(type.Name()) + cell.Count;
        }

        return byMinute;
    }

    public static long MinuteOf(DateTimeOffset time) => time.UtcTicks / TimeSpan.TicksPerMinute;

    public static DateTimeOffset Start(long minute) => new(minute * TimeSpan.TicksPerMinute, TimeSpan.Zero);
}
