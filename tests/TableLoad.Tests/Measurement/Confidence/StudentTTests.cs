using TableLoad.Measurement.Confidence;

namespace TableLoad.Tests.Measurement.Confidence;

public sealed class StudentTTests
{
    // Two-sided 95% and 99% quantiles from the published t table.
    [Theory]
    [InlineData(0.95, 1, 12.7062)]
    [InlineData(0.95, 2, 4.3027)]
    [InlineData(0.95, 9, 2.2622)]
    [InlineData(0.95, 30, 2.0423)]
    [InlineData(0.95, 1000, 1.9623)]
    [InlineData(0.99, 15, 2.9467)]
    public void TwoSidedQuantile_MatchesTheTable(double level, int degreesOfFreedom, double expected) =>
        Assert.Equal(expected, StudentT.TwoSidedQuantile(level, degreesOfFreedom), 4);
}
