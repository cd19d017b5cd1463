using TableLoad.Cli;
using TableLoad.Settings;

namespace TableLoad.Tests.Cli;

/// <summary>Durations past what the run's timers can hold, and clock forms past one day.</summary>
public sealed class DurationLimitsTests
{
    [Theory]
    [InlineData("25:00:00", 25 * 3600)]
    [InlineData("100:30:00", (100 * 3600) + (30 * 60))]
    [InlineData("90:00", 90 * 60)]
    public void ClockForm_AcceptsHoursBeyondOneDay(string text, int seconds)
    {
        Assert.True(DurationParser.TryParse(text, out var duration));
        Assert.Equal(TimeSpan.FromSeconds(seconds), duration);
    }

    [Theory]
    [InlineData("1:60:00")]
    [InlineData("1:2:3:4")]
    [InlineData("a:00")]
    public void ClockForm_RefusesFieldsOutOfRange(string text) => Assert.False(DurationParser.TryParse(text, out _));

    [Fact]
    public void Duration_LongerThanThirtyDays_IsRefused_BeforeItReachesATimer()
    {
        var options = new RunOptions();
        var command = options.CreateCommand();

        var refusal = Assert.Throws<UsageException>(() =>
            RunSettingsFactory.Create(command.Parse(["--duration", "1000h"]), options, DateTimeOffset.UtcNow, _ => null));

        Assert.Contains("--duration", refusal.Message, StringComparison.Ordinal);
    }
}
