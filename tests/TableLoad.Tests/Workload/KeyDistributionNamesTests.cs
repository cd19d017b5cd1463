using TableLoad.Workload;

namespace TableLoad.Tests.Workload;

public sealed class KeyDistributionNamesTests
{
    [Theory]
    [InlineData("uniform", "Uniform")]
    [InlineData("zipfian", "Zipfian")]
    [InlineData(" Latest ", "Latest")]
    public void TryParse_KnownName_IsItsDistribution(string text, string member)
    {
        Assert.True(KeyDistributionNames.TryParse(text, out var distribution));
        Assert.Equal(Enum.Parse<KeyDistribution>(member), distribution);
    }

    [Theory]
    [InlineData("")]
    [InlineData(null)]
    [InlineData("hotspot")]
    [InlineData("zipf")]
    public void TryParse_OtherText_IsRefused(string? text) => Assert.False(KeyDistributionNames.TryParse(text, out _));

    [Fact]
    public void ToName_EveryDistribution_ParsesBackToItself()
    {
        foreach (var distribution in Enum.GetValues<KeyDistribution>())
        {
            Assert.True(KeyDistributionNames.TryParse(distribution.ToName(), out var parsed));
            Assert.Equal(distribution, parsed);
            Assert.Contains(distribution.ToName(), KeyDistributionNames.Names(), StringComparison.Ordinal);
        }
    }
}
