using Microsoft.Extensions.Time.Testing;
using TableLoad.Measurement;

namespace TableLoad.Tests.Measurement;

public sealed class RunClockTests
{
    [Fact]
    public void StartEpochMicros_KeepsTheStartToTheMicrosecond()
    {
        // 0.4567891 s into a second: started_utc in run.json shows these digits, and start_ms counts from them.
        var start = new DateTimeOffset(2026, 11, 22, 3, 0, 0, TimeSpan.Zero).AddTicks(4_567_891);

        var clock = new RunClock(new FakeTimeProvider(start));

        Assert.Equal(start.ToUnixTimeSeconds() * 1_000_000 + 456_789, clock.StartEpochMicros);
    }

    [Fact]
    public void EpochSecond_TurnsWhenTheWallClockDoes()
    {
        var start = new DateTimeOffset(2026, 11, 22, 3, 0, 0, TimeSpan.Zero).AddTicks(9_999_995);
        var clock = new RunClock(new FakeTimeProvider(start));

        // 0.9999995 s into the second: one microsecond later is the next second.
        Assert.Equal(start.ToUnixTimeSeconds(), clock.EpochSecond(0));
        Assert.Equal(start.ToUnixTimeSeconds() + 1, clock.EpochSecond(1));
    }
}
