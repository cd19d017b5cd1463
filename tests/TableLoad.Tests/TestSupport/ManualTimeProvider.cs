namespace TableLoad.Tests.TestSupport;

/// <summary>A clock that moves only when the test says so; wall clock and timestamp advance together.</summary>
internal sealed class ManualTimeProvider(DateTimeOffset start) : TimeProvider
{
    // A non-zero origin, so code that assumes timestamps start at 0 shows up.
    private const long TimestampOrigin = 987_654_321;

    private long _elapsedTicks;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override TimeZoneInfo LocalTimeZone => TimeZoneInfo.Utc;

    public override DateTimeOffset GetUtcNow() => start.AddTicks(Interlocked.Read(ref _elapsedTicks));

    public override long GetTimestamp() => TimestampOrigin + Interlocked.Read(ref _elapsedTicks);

    public void Advance(TimeSpan by) => Interlocked.Add(ref _elapsedTicks, by.Ticks);
}
