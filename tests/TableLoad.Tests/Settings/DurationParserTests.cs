using TableLoad.Settings;

namespace TableLoad.Tests.Settings;

public sealed class DurationParserTests
{
    [Theory]
    [InlineData("30s", 30_000)]
    [InlineData("2m", 120_000)]
    [InlineData("1h", 3_600_000)]
    [InlineData("1m30s", 90_000)]
    [InlineData("500ms", 500)]
    [InlineData("00:01:30", 90_000)]
    [InlineData("1.5s", 1_500)]
    [InlineData(" 45S ", 45_000)]
    public void TryParse_SupportedForm_ReturnsDuration(string text, long expectedMilliseconds)
    {
        Assert.True(DurationParser.TryParse(text, out var duration));
        Assert.Equal(TimeSpan.FromMilliseconds(expectedMilliseconds), duration);
    }

    [Theory]
    [InlineData("")]
    [InlineData(" ")]
    [InlineData(null)]
    [InlineData("x")]
    [InlineData("10y")]
    [InlineData("-1s")]
    [InlineData("1.2.3s")]
    public void TryParse_NotADuration_ReturnsFalse(string? text) =>
        Assert.False(DurationParser.TryParse(text, out _));

    [Theory]
    [InlineData("999999999h")]
    [InlineData("200000000h200000000h")]
    public void TryParse_BeyondTimeSpanRange_ReturnsFalseInsteadOfThrowing(string text) =>
        Assert.False(DurationParser.TryParse(text, out _));
}
