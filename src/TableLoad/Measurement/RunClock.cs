namespace TableLoad.Measurement;

/// <summary>
/// One monotonic clock for the run, anchored to wall-clock time once at the start, so durations come
/// from the monotonic timestamp while windows stay aligned to wall-clock seconds across machines.
/// </summary>
internal sealed class RunClock
{
    private readonly TimeProvider _time;
    private readonly long _startTimestamp;

    public RunClock(TimeProvider time)
    {
        _time = time;
        _startTimestamp = time.GetTimestamp();
        StartedUtc = time.GetUtcNow();
        // To the microsecond, as start_ms in batches.csv counts from started_utc in run.json.
        StartEpochMicros = (StartedUtc.UtcTicks - DateTimeOffset.UnixEpoch.UtcTicks) / TimeSpan.TicksPerMicrosecond;
    }

    public TimeProvider Time => _time;

    public DateTimeOffset StartedUtc { get; }

    public long StartEpochMicros { get; }

    public long Timestamp() => _time.GetTimestamp();

    /// <summary>Microseconds since the run started.</summary>
    public long ElapsedMicros(long timestamp) => (long)(_time.GetElapsedTime(_startTimestamp, timestamp).Ticks / 10);

    public long ElapsedMicros() => ElapsedMicros(_time.GetTimestamp());

    /// <summary>The wall-clock second (Unix) a run-relative instant falls in.</summary>
    public long EpochSecond(long elapsedMicros) => (StartEpochMicros + elapsedMicros) / 1_000_000;
}
