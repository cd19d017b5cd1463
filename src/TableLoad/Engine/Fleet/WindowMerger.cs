using TableLoad.Measurement;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// Adds the windows of many processes by wall-clock second and publishes each second to the sinks
/// once every live process has reported past it, so fleet percentiles come from merged histograms.
/// </summary>
internal sealed class WindowMerger(WindowPool pool, long warmupEndEpochSecond, IReadOnlyList<IIntervalSink> sinks)
{
    private readonly SortedDictionary<long, Window> _pending = [];
    private long _publishedBefore = long.MinValue;

    /// <summary>Windows that arrived for a second already published (a process reporting after it was given up).</summary>
    public long DroppedLateWindows { get; private set; }

    public void Add(Window window)
    {
        if (window.EpochSecond < _publishedBefore)
        {
            DroppedLateWindows++;
            pool.Return(window);
            return;
        }

        if (_pending.TryGetValue(window.EpochSecond, out var merged))
        {
            merged.Add(window);
            pool.Return(window);
        }
        else
        {
            _pending.Add(window.EpochSecond, window);
        }
    }

    /// <summary>Publishes every pending second before <paramref name="beforeSecond"/>, in order.</summary>
    public void Publish(long beforeSecond)
    {
        while (_pending.Count > 0)
        {
            var (second, window) = _pending.First();
            if (second >= beforeSecond)
            {
                break;
            }

            _pending.Remove(second);
            foreach (var sink in sinks)
            {
                sink.OnInterval(window, warmup: second < warmupEndEpochSecond);
            }

            pool.Return(window);
        }

        _publishedBefore = Math.Max(_publishedBefore, beforeSecond);
    }
}
