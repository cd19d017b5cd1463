namespace TableLoad.Measurement;

/// <summary>
/// One task's measurements. The task records into its own current window; the collector takes
/// finished windows once a second. The lock is only ever contended by that once-a-second take.
/// A batch that started in the warm-up but completes after it goes to a window of its own, flagged
/// warm-up, so one second can have two windows: warm-up stragglers and measured batches.
/// </summary>
internal sealed class TaskRecorder(RunClock clock, WindowPool pool)
{
    private readonly Lock _gate = new();
    private readonly List<Window> _finished = [];
    private Window? _current;
    private Window? _currentWarmup;
    private long _started;
    private long _recorded;

    /// <summary>Called by the owning task as it sends a batch; the only writer, so no interlocked add is needed.</summary>
    public void Started() => Volatile.Write(ref _started, _started + 1);

    /// <summary>Batches sent and not yet recorded; read by the meter from another thread.</summary>
    public long InFlight
    {
        get
        {
            // Recorded first: it never passes the started count read after it.
            var recorded = Volatile.Read(ref _recorded);
            return Math.Max(0, Volatile.Read(ref _started) - recorded);
        }
    }

    /// <summary>
    /// Records a completed batch in the window of its completion time (read under the lock), in the
    /// phase of its start: <paramref name="warmup"/> (see <see cref="WindowCollector.IsWarmup"/>).
    /// </summary>
    /// <param name="newKeys">Keys of the batch that no earlier stored batch of the task wrote (null: all of them if it was stored).</param>
    /// <param name="slices">The parts of the run the request counts in too: its operation's in a mix; with scenarios, also its scenario's and its scenario's operation's.</param>
    public void Record(in BatchResult result, int entities, long latencyMicros, bool warmup, long? uncorrectedMicros = null, bool late = false, bool unlogged = false, int? newKeys = null, int deletedKeys = 0, string[]? slices = null)
    {
        lock (_gate)
        {
            var second = clock.EpochSecond(clock.ElapsedMicros());
            ref var current = ref warmup ? ref _currentWarmup : ref _current;
            if (current is null || current.EpochSecond != second)
            {
                if (current is not null)
                {
                    _finished.Add(current);
                }

                current = pool.Rent(second);
                current.Warmup = warmup;
            }

            RecordInto(current, result, entities, latencyMicros, uncorrectedMicros, late, unlogged, newKeys, deletedKeys);
            foreach (var slice in slices ?? [])
            {
                RecordInto(current.Slice(slice), result, entities, latencyMicros, uncorrectedMicros, late, unlogged, newKeys, deletedKeys);
            }

            Volatile.Write(ref _recorded, _recorded + 1);
        }
    }

    private static void RecordInto(Window window, in BatchResult result, int entities, long latencyMicros, long? uncorrectedMicros, bool late, bool unlogged, int? newKeys, int deletedKeys)
    {
        window.Counts.Record(result, entities, newKeys, deletedKeys);
        window.Latency.RecordValue(latencyMicros);
        if (uncorrectedMicros is { } uncorrected)
        {
            window.UncorrectedOrNew().RecordValue(uncorrected);
        }

        if (result.RequestUnits is { } units)
        {
            window.RequestUnitsOrNew().RecordValue(RequestUnitsSummary.Scaled(units));
        }

        if (late)
        {
            window.Counts.RecordLate();
        }

        if (unlogged)
        {
            window.Counts.RecordBatchLogDropped();
        }

        if (result.Outcome == BatchOutcome.Rejected)
        {
            var code = result.ErrorCode ?? "Unknown";
            window.RejectedByCode[code] = window.RejectedByCode.GetValueOrDefault(code) + 1;
        }
    }

    /// <summary>Moves every window that ended before <paramref name="beforeSecond"/> into <paramref name="into"/>.</summary>
    public void TakeFinished(long beforeSecond, List<Window> into)
    {
        lock (_gate)
        {
            into.AddRange(_finished);
            _finished.Clear();
            TakeIfBefore(ref _current, beforeSecond, into);
            TakeIfBefore(ref _currentWarmup, beforeSecond, into);
        }
    }

    private static void TakeIfBefore(ref Window? current, long beforeSecond, List<Window> into)
    {
        if (current is not null && current.EpochSecond < beforeSecond)
        {
            into.Add(current);
            current = null;
        }
    }
}
