using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Measurement.Gates;

public sealed class FigureComparisonTests
{
    [Fact]
    public void Repeats_GiveWelchsIntervalOfTheChange()
    {
        // Known answer: means 100 and 150, each sd 2 over 3 runs: se 1.633, df 4, t(0.975, 4) = 2.7764.
        var comparison = new FigureComparison(RunFigure.Eps, FigureEstimate.OfRepeats([100, 102, 98]), FigureEstimate.OfRepeats([150, 152, 148]), 0.95);

        Assert.Equal(50, comparison.Change, 9);
        Assert.Equal(4, comparison.DegreesOfFreedom, 6);
        Assert.Equal(45.466, comparison.ChangeInterval.Low, 2);
        Assert.Equal(54.534, comparison.ChangeInterval.High, 2);
        Assert.Equal(ComparisonVerdict.Better, comparison.Verdict);
        Assert.Equal(0.5, comparison.RelativeChange!.Value, 9);
    }

    [Fact]
    public void ALatencyThatRoseBeyondNoise_IsWorse_AndOneThatFell_IsBetter()
    {
        var low = FigureEstimate.OfRepeats([400, 410, 405]);
        var high = FigureEstimate.OfRepeats([500, 520, 510]);

        Assert.Equal(ComparisonVerdict.Worse, new FigureComparison(RunFigure.P99, low, high, 0.95).Verdict);
        Assert.Equal(ComparisonVerdict.Better, new FigureComparison(RunFigure.P99, high, low, 0.95).Verdict);
        Assert.Equal(ComparisonVerdict.Worse, new FigureComparison(RunFigure.Eps, high, low, 0.95).Verdict);
    }

    [Fact]
    public void AChangeInsideTheSidesSpread_IsNoDifference()
    {
        var comparison = new FigureComparison(RunFigure.Eps, FigureEstimate.OfRepeats([5000, 5400, 4900]), FigureEstimate.OfRepeats([5300, 5100, 5600]), 0.95);

        Assert.True(comparison.Change > 0);
        Assert.Equal(ComparisonVerdict.NoDifference, comparison.Verdict);
    }

    [Fact]
    public void OfRun_AddsTheRunToRunShareToItsOwnIntervalsError()
    {
        var estimate = FigureEstimate.OfRun(1000, new FigureInterval(950, 1050, 0.95), runToRunShare: 0.05);

        // Own interval: 50 / 1.95996 = 25.51; run to run: 5% of 1000 = 50.
        Assert.Equal(Math.Sqrt((25.5107 * 25.5107) + (50 * 50)), estimate.StandardError, 2);
        Assert.True(double.IsPositiveInfinity(estimate.DegreesOfFreedom));
        Assert.Equal(1, estimate.Runs);
    }

    [Fact]
    public void OfRun_WithoutAnInterval_RestsOnTheRunToRunShareAlone()
    {
        var estimate = FigureEstimate.OfRun(200, interval: null, runToRunShare: 0.1);

        Assert.Equal(20, estimate.StandardError, 9);
    }
}
