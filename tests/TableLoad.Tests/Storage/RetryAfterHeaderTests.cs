using Microsoft.Extensions.Time.Testing;
using TableLoad.Storage;

namespace TableLoad.Tests.Storage;

/// <summary>The wait a refusal asks for, read from its headers; a Retry-After date is measured against the given clock.</summary>
public sealed class RetryAfterHeaderTests
{
    private static readonly DateTimeOffset Now = new(2026, 11, 24, 12, 0, 0, 500, TimeSpan.Zero);

    [Fact]
    public void Parse_Milliseconds_WinOverTheStandardHeader()
    {
        Assert.Equal(TimeSpan.FromMilliseconds(2961), RetryAfterHeader.Parse("2961", "30", new FakeTimeProvider(Now)));
    }

    [Fact]
    public void Parse_StandardSeconds_AreTheWait()
    {
        Assert.Equal(TimeSpan.FromSeconds(30), RetryAfterHeader.Parse(null, "30", new FakeTimeProvider(Now)));
    }

    [Fact]
    public void Parse_StandardDate_IsTheTimeFromTheClocksNowUntilThen()
    {
        var time = new FakeTimeProvider(Now);

        var wait = RetryAfterHeader.Parse(null, "Tue, 24 Nov 2026 12:00:07 GMT", time);

        Assert.Equal(TimeSpan.FromMilliseconds(6_500), wait);
    }

    [Fact]
    public void Parse_StandardDate_ThatTheClockHasPassed_IsNoWait()
    {
        var time = new FakeTimeProvider(Now);
        time.SetUtcNow(Now.AddMinutes(1));

        Assert.Equal(TimeSpan.Zero, RetryAfterHeader.Parse(null, "Tue, 24 Nov 2026 12:00:07 GMT", time));
    }

    [Theory]
    [InlineData(null, null)]
    [InlineData("soon", "later")]
    [InlineData("-1", null)]
    public void Parse_NoUsableValue_IsNull(string? milliseconds, string? standard)
    {
        Assert.Null(RetryAfterHeader.Parse(milliseconds, standard, new FakeTimeProvider(Now)));
    }
}
