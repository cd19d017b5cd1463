namespace TableLoad.Measurement;

/// <summary>
/// Where warm-up ends and the run stops, on the run's clock. Warm-up ends on a whole wall-clock
/// second so that every one-second window lies wholly inside or outside it.
/// </summary>
internal readonly record struct RunTimeline(long StartEpochMicros, long WarmupEndEpochSecond, long MeasuredStartMicros, long StopMicros)
{
    public long StartEpochSecond => StartEpochMicros / 1_000_000;

    public static RunTimeline Create(long startEpochMicros, TimeSpan warmup, TimeSpan duration)
    {
        var warmupMicros = (long)(warmup.TotalMilliseconds * 1000);
        var warmupEndSecond = warmupMicros == 0
            ? startEpochMicros / 1_000_000
            : (startEpochMicros + warmupMicros + 999_999) / 1_000_000;
        var measuredStart = Math.Max(0, (warmupEndSecond * 1_000_000) - startEpochMicros);
        return new RunTimeline(startEpochMicros, warmupEndSecond, measuredStart, measuredStart + (long)(duration.TotalMilliseconds * 1000));
    }

    /// <summary>A timeline fixed by a coordinator in wall-clock terms, seen from a clock that started at <paramref name="startEpochMicros"/>.</summary>
    public static RunTimeline FromWallClock(long startEpochMicros, long warmupEndEpochSecond, long stopEpochMicros) =>
        new(startEpochMicros, warmupEndEpochSecond, Math.Max(0, (warmupEndEpochSecond * 1_000_000) - startEpochMicros), stopEpochMicros - startEpochMicros);

    /// <summary>
    /// Seconds measured when the run ended at <paramref name="endMicros"/> since its start. The measured
    /// period ends at the stop: what answers later (the batches still in flight) was started inside it.
    /// </summary>
    public double MeasuredSeconds(long endMicros) => Math.Max(0, Math.Min(endMicros, StopMicros) - MeasuredStartMicros) / 1e6;
}
