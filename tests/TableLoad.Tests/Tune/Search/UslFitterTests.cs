using TableLoad.Tune;
using TableLoad.Tune.Search;

namespace TableLoad.Tests.Tune.Search;

public sealed class UslFitterTests
{
    private static readonly UslFit Law = new(100, Lambda: 3000, Sigma: 0.05, Kappa: 0.001, RSquared: 1, Points: 0);

    private static List<(int, double)> Points(UslFit law, IEnumerable<int> concurrencies, double noise = 0, int seed = 1)
    {
        var random = new Random(seed);
        return [.. concurrencies.Select(n => (n, law.Predict(n) * (1 + (noise * ((2 * random.NextDouble()) - 1)))))];
    }

    [Theory]
    [InlineData(new[] { 1, 2, 4, 8, 16, 32, 64 })]
    [InlineData(new[] { 4, 16, 64, 128 })]
    public void Fit_ExactUslData_RecoversItsParameters(int[] concurrencies)
    {
        var fit = UslFitter.Fit(100, Points(Law, concurrencies));

        Assert.NotNull(fit);
        Assert.Equal(Law.Lambda, fit.Lambda, 1e-6 * Law.Lambda);
        Assert.Equal(Law.Sigma, fit.Sigma, 1e-9);
        Assert.Equal(Law.Kappa, fit.Kappa, 1e-12);
        Assert.Equal(1, fit.RSquared, 1e-9);
        Assert.Equal(concurrencies.Length, fit.Points);
        Assert.Equal(100, fit.BatchSize);
        Assert.Equal((3, concurrencies.Length - 3), (fit.Parameters, fit.DegreesOfFreedom));
    }

    [Fact]
    public void Fit_ThreePoints_FitsNoThreeParameterLaw_AndStatesItsFitOnTheDegreesOfFreedomLeft()
    {
        // Three parameters pass through any three points (R² = 1 says nothing): a law of at most two is fitted.
        var fit = UslFitter.Fit(100, Points(Law, [4, 16, 64], noise: 0.03));

        Assert.NotNull(fit);
        Assert.Equal(3, fit.Points);
        Assert.InRange(fit.Parameters, 1, 2);
        Assert.Equal(3 - fit.Parameters, fit.DegreesOfFreedom);
        Assert.True(fit.Sigma == 0 || fit.Kappa == 0, $"σ {fit.Sigma}, κ {fit.Kappa}");
        Assert.True(fit.AdjustedRSquared < fit.RSquared, $"adjusted {fit.AdjustedRSquared}, R² {fit.RSquared}");
        Assert.True(fit.ResidualStandardError > 0);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Fit_DataWithThreePercentNoise_PutsThePeakNearTheLaws(int seed)
    {
        var fit = UslFitter.Fit(100, Points(Law, [1, 4, 16, 64, 256], noise: 0.03, seed));

        Assert.NotNull(fit);
        Assert.InRange(fit.Lambda, 0.9 * Law.Lambda, 1.1 * Law.Lambda);
        Assert.InRange(fit.PeakConcurrency, 0.8 * Law.PeakConcurrency, 1.25 * Law.PeakConcurrency);
        Assert.InRange(fit.RSquared, 0.95, 1);
    }

    [Fact]
    public void Fit_LinearData_HoldsContentionAndCoherencyAtZero_AndNeverPeaks()
    {
        var fit = UslFitter.Fit(50, Points(Law with { Sigma = 0, Kappa = 0 }, [1, 4, 16, 64], noise: 0.03));

        Assert.NotNull(fit);
        Assert.True(fit.Sigma >= 0 && fit.Kappa >= 0, $"σ {fit.Sigma}, κ {fit.Kappa}");
        Assert.InRange(fit.Lambda, 0.9 * Law.Lambda, 1.1 * Law.Lambda);
    }

    [Fact]
    public void Fit_ThroughputGrowingFasterThanLinearly_HasNoNegativeTerm()
    {
        // Superlinear growth would want σ < 0: the fit holds it at 0 instead.
        var fit = UslFitter.Fit(100, [(1, 1000), (2, 2200), (4, 4800), (8, 10_000)]);

        Assert.NotNull(fit);
        Assert.Equal(0, fit.Sigma);
        Assert.True(fit.Kappa >= 0);
    }

    [Fact]
    public void Fit_FewerThanThreeDistinctConcurrencies_IsNull() =>
        Assert.Null(UslFitter.Fit(100, [(1, 1000), (1, 1010), (4, 3500), (4, 3600)]));

    [Fact]
    public void Fit_PointsWithoutThroughput_DoNotCount() =>
        Assert.Null(UslFitter.Fit(100, [(1, 1000), (4, 3500), (16, 0)]));
}
