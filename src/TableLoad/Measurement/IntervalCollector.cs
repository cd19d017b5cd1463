using TableLoad.Engine;

namespace TableLoad.Measurement;

/// <summary>
/// Gathers the tasks' windows, adds those of the same wall-clock second, and hands each second to the
/// sinks once no task can still record into it. Runs on one thread (the collector loop).
/// </summary>
internal sealed class IntervalCollector(RunClock clock, WindowPool pool, long warmupEndEpochSecond, IReadOnlyList<IIntervalSink> sinks)
{
    private readonly List<TaskRecorder> _recorders = [];
    private readonly SortedDictionary<long, Window> _pending = [];
    private readonly List<Window> _taken = [];

    public long WarmupEndEpochSecond => warmupEndEpochSecond;

    public TaskRecorder NewRecorder()
    {
        var recorder = new TaskRecorder(clock, pool);
        lock (_recorders)
        {
            _recorders.Add(recorder);
        }

        return recorder;
    }

    /// <summary>Publishes every second that has fully elapsed; returns the watermark: every earlier second is published.</summary>
    public long Collect() => Collect(clock.EpochSecond(clock.ElapsedMicros()));

    /// <summary>Publishes everything recorded so far; call once, after every task has stopped.</summary>
    public long Flush() => Collect(long.MaxValue);

    private long Collect(long beforeSecond)
    {
        lock (_recorders)
        {
            foreach (var recorder in _recorders)
            {
                recorder.TakeFinished(beforeSecond, _taken);
            }
        }

        foreach (var window in _taken)
        {
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

        _taken.Clear();
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

        return beforeSecond;
    }
}
