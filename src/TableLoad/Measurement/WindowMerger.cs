namespace TableLoad.Measurement;

/// <summary>
/// Adds windows of the same wall-clock second (from many tasks, processes or result folders) and
/// publishes each second to the sinks in time order once told that no more can arrive for it.
/// Seconds in which nothing completed are published as empty windows, so a stall shows as zeros; so is a measured second in which
/// only warm-up batches answered, beside their warm-up window.
/// </summary>
internal sealed class WindowMerger(WindowPool pool, long warmupEndEpochSecond, IReadOnlyList<IWindowSink> sinks, long? firstEpochSecond = null)
{
    private readonly SortedDictionary<(long Second, bool Warmup), Window> _pending = [];
    private long _publishedBefore = long.MinValue;
    private long? _lastPublished = firstEpochSecond - 1;

    public long WarmupEndEpochSecond => warmupEndEpochSecond;

    /// <summary>Takes the window (it returns to the pool once published); its own warm-up flag wins over the shared warm-up end.</summary>
    public void Add(Window window)
    {
        // Only a worker the fleet has given up on reports behind the watermark; the run is then partial and says so.
        if (window.EpochSecond < _publishedBefore)
        {
            pool.Return(window);
            return;
        }

        var key = (window.EpochSecond, window.Warmup ?? window.EpochSecond < warmupEndEpochSecond);
        if (_pending.TryGetValue(key, out var merged))
        {
            merged.Add(window);
            pool.Return(window);
        }
        else
        {
            _pending.Add(key, window);
        }
    }

    /// <summary>Publishes every pending second before <paramref name="beforeSecond"/>, in order.</summary>
    public void Publish(long beforeSecond)
    {
        while (_pending.Count > 0)
        {
            var (key, window) = _pending.First();
            if (key.Second >= beforeSecond)
            {
                break;
            }

            _pending.Remove(key);
            FillGapBefore(key.Second);
            if (key.Warmup && key.Second >= warmupEndEpochSecond && (_lastPublished ?? long.MinValue) < key.Second)
            {
                // A measured second in which only batches of the warm-up answered (the open model's late ones) was measured all the
                // same: it gets its empty measured window, or the run's measured time would lose it. (Measured sorts first in a second.)
                Emit(pool.Rent(key.Second), warmup: false);
            }

            Emit(window, key.Warmup);
        }

        _publishedBefore = Math.Max(_publishedBefore, beforeSecond);
    }

    private void FillGapBefore(long second)
    {
        for (var empty = (_lastPublished ?? second) + 1; empty < second; empty++)
        {
            Emit(pool.Rent(empty), empty < warmupEndEpochSecond);
        }
    }

    private void Emit(Window window, bool warmup)
    {
        foreach (var sink in sinks)
        {
            sink.OnWindow(window, warmup);
        }

        _lastPublished = Math.Max(_lastPublished ?? window.EpochSecond, window.EpochSecond);
        pool.Return(window);
    }
}
