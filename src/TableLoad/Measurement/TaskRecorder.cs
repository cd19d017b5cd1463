using TableLoad.Engine;

namespace TableLoad.Measurement;

/// <summary>
/// One task's measurements. The task records into its own current window; the collector takes
/// finished windows once a second. The lock is only ever contended by that once-a-second take.
/// </summary>
internal sealed class TaskRecorder(RunClock clock, WindowPool pool)
{
    private readonly Lock _gate = new();
    private readonly List<Window> _finished = [];
    private Window? _current;

    /// <summary>Records a completed batch in the window of its completion time (read under the lock) and returns that second.</summary>
    public long Record(in BatchResult result, int entities, long latencyMicros, long? uncorrectedMicros = null, bool late = false)
    {
        lock (_gate)
        {
            var second = clock.EpochSecond(clock.ElapsedMicros());
            if (_current is null || _current.EpochSecond != second)
            {
                if (_current is not null)
                {
                    _finished.Add(_current);
                }

                _current = pool.Rent(second);
            }

            _current.Counts.Record(result, entities);
            _current.Latency.RecordValue(latencyMicros);
            if (uncorrectedMicros is { } uncorrected)
            {
                _current.UncorrectedOrNew().RecordValue(uncorrected);
            }

            if (late)
            {
                _current.Counts.RecordLate();
            }
            if (result.Outcome == BatchOutcome.Rejected)
            {
                var code = result.ErrorCode ?? "Unknown";
                _current.RejectedByCode[code] = _current.RejectedByCode.GetValueOrDefault(code) + 1;
            }

            return second;
        }
    }

    /// <summary>Moves every window that ended before <paramref name="beforeSecond"/> into <paramref name="into"/>.</summary>
    public void TakeFinished(long beforeSecond, List<Window> into)
    {
        lock (_gate)
        {
            into.AddRange(_finished);
            _finished.Clear();
            if (_current is not null && _current.EpochSecond < beforeSecond)
            {
                into.Add(_current);
                _current = null;
            }
        }
    }
}
