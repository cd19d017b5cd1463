namespace TableLoad.Tests.Proxy;

/// <summary>A clock that moves only when a test calls <see cref="Advance"/>.</summary>
internal sealed class ManualTimeProvider(DateTimeOffset start) : TimeProvider
{
    private long _ticks;

    public ManualTimeProvider()
        : this(new DateTimeOffset(2012, 6, 21, 10, 0, 0, TimeSpan.Zero))
    {
    }

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => Interlocked.Read(ref _ticks);

    public override DateTimeOffset GetUtcNow() => start + TimeSpan.FromTicks(Interlocked.Read(ref _ticks));

    public void Advance(TimeSpan by) => Interlocked.Add(ref _ticks, by.Ticks);
}
