namespace TableLoad.Measurement;

/// <summary>
/// Gathers the tasks' windows and hands each second to the merger once no task can still record into
/// it. Runs on one thread (the collector loop).
/// </summary>
internal sealed class WindowCollector(RunClock clock, WindowPool pool, long warmupEndEpochSecond, IReadOnlyList<IWindowSink> sinks)
{
    private readonly List<TaskRecorder> _recorders = [];
    private readonly List<Window> _taken = [];
    private readonly WindowMerger _merger = new(pool, warmupEndEpochSecond, sinks, clock.StartEpochMicros / 1_000_000);

    public long WarmupEndEpochSecond => warmupEndEpochSecond;

    /// <summary>Whether a batch that started (in the open model: was due) at <paramref name="startedMicros"/> on the run's clock belongs to the warm-up.</summary>
    public bool IsWarmup(long startedMicros) => clock.StartEpochMicros + startedMicros < warmupEndEpochSecond * 1_000_000;

    public TaskRecorder NewRecorder()
    {
        var recorder = new TaskRecorder(clock, pool);
        lock (_recorders)
        {
            _recorders.Add(recorder);
        }

        return recorder;
    }

    /// <summary>Batches sent by this process's tasks and not yet answered.</summary>
    public long InFlight()
    {
        lock (_recorders)
        {
            long sum = 0;
            foreach (var recorder in _recorders)
            {
                sum += recorder.InFlight;
            }

            return sum;
        }
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
            _merger.Add(window);
        }

        _taken.Clear();
        _merger.Publish(beforeSecond);
        return beforeSecond;
    }
}
