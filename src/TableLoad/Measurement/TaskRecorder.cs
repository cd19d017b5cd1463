using TableLoad.Engine;

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

    /// <summary>
    /// Records a completed batch in the window of its completion time (read under the lock), in the
    /// phase of its start: <paramref name="warmup"/> (see <see cref="IntervalCollector.IsWarmup"/>).
    /// </summary>
    public void Record(in BatchResult result, int entities, long latencyMicros, bool warmup, long? uncorrectedMicros = null, bool late = false)
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

            current.Counts.Record(result, entities);
            current.Latency.RecordValue(latencyMicros);
            if (uncorrectedMicros is { } uncorrected)
            {
                current.UncorrectedOrNew().RecordValue(uncorrected);
            }

            if (late)
            {
                current.Counts.RecordLate();
            }
            if (result.Outcome == BatchOutcome.Rejected)
            {
                var code = result.ErrorCode ?? "Unknown";
                current.RejectedByCode[code] = current.RejectedByCode.GetValueOrDefault(code) + 1;
            }
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
