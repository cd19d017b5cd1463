using TableLoad.Proxy;

namespace TableLoad.Tests.Proxy;

public sealed class LatencyDistributionTests
{
    [Theory]
    [InlineData("0")]
    [InlineData("0ms")]
    public void TryParse_Zero_IsNone(string text)
    {
        Assert.True(LatencyDistribution.TryParse(text, out var latency));
        Assert.True(latency.IsNone);
        Assert.Equal(TimeSpan.Zero, latency.Sample(0.7));
    }

    [Fact]
    public void TryParse_Fixed_AlwaysSamplesTheValue()
    {
        Assert.True(LatencyDistribution.TryParse("50ms", out var latency));
        Assert.Equal(LatencyShape.Fixed, latency.Shape);
        Assert.Equal(TimeSpan.FromMilliseconds(50), latency.Sample(0));
        Assert.Equal(TimeSpan.FromMilliseconds(50), latency.Sample(0.99));
    }

    [Fact]
    public void TryParse_Uniform_SamplesBetweenTheBounds()
    {
        Assert.True(LatencyDistribution.TryParse("uniform:10ms-200ms", out var latency));
        Assert.Equal(TimeSpan.FromMilliseconds(10), latency.Sample(0));
        Assert.Equal(TimeSpan.FromMilliseconds(105), latency.Sample(0.5));
        Assert.True(latency.Sample(0.999999) < TimeSpan.FromMilliseconds(200));
    }

    [Fact]
    public void TryParse_Exponential_HasTheGivenMean()
    {
        Assert.True(LatencyDistribution.TryParse("exp:50ms", out var latency));
        var dice = new FaultDice(1);

        var mean = Enumerable.Range(0, 100_000).Average(i => latency.Sample(dice.Roll(i, DicePurpose.Latency)).TotalMilliseconds);

        Assert.InRange(mean, 49, 51);
        Assert.InRange(latency.Sample(0.5).TotalMilliseconds, 34.65, 34.66); // the median, 50 ms × ln 2
    }

    [Theory]
    [InlineData("")]
    [InlineData("fast")]
    [InlineData("uniform:10ms")]
    [InlineData("uniform:200ms-10ms")]
    [InlineData("uniform:-10ms")]
    [InlineData("exp:")]
    [InlineData("exp:abc")]
    [InlineData("normal:50ms")]
    public void TryParse_BadText_IsRefused(string text) => Assert.False(LatencyDistribution.TryParse(text, out _));
}
