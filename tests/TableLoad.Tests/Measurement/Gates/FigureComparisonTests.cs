using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Measurement.Gates;

public sealed class FigureComparisonTests
{
    [Fact]
    public void Repeats_GiveWelchsIntervalOfTheLogRatio()
    {
        // Known answer (R): logs of 100, 102, 98 against logs of 150, 152, 148: df 3.4844, exp(d ± t·se) − 1 = +44.0% to +56.3%.
        var comparison = new FigureComparison(RunFigure.Eps, FigureEstimate.OfRepeats([100, 102, 98]), FigureEstimate.OfRepeats([150, 152, 148]), 0.95);

        Assert.Equal(3.48437, comparison.DegreesOfFreedom, 4);
        Assert.Equal(0.500111, comparison.RelativeChange!.Value, 5);
        Assert.Equal(0.440005, comparison.RelativeInterval!.Value.Low, 4);
        Assert.Equal(0.562726, comparison.RelativeInterval!.Value.High, 4);
        Assert.Equal(ComparisonVerdict.Better, comparison.Verdict);
    }

    [Fact]
    public void RepeatsOnBothSides_WithTheirSpreadPooled_GiveStudentsIntervalOfTheLogRatio()
    {
        // Known answer (R): t.test(log(c(150, 152, 148)), log(c(100, 102, 98)), var.equal = TRUE): df 4, +44.34% to +55.90%.
        double[] before = [100, 102, 98], after = [150, 152, 148];
        var noise = RunNoise.Measured([before, after]);

        var comparison = new FigureComparison(RunFigure.Eps, FigureEstimate.OfRepeats(before, noise), FigureEstimate.OfRepeats(after, noise), 0.95) { Noise = noise };

        Assert.Equal(0.0169988459, noise.Share, 9);
        Assert.Equal(4, comparison.DegreesOfFreedom, 9);
        Assert.Equal(0.500111, comparison.RelativeChange!.Value, 5);
        Assert.Equal(0.443403, comparison.RelativeInterval!.Value.Low, 5);
        Assert.Equal(0.559047, comparison.RelativeInterval!.Value.High, 5);
    }

    [Fact]
    public void ARatiosInterval_NeverLeavesMinusAHundredPercentToInfinity_AndSwappedIsItsInverse()
    {
        // Two single runs 8× apart, each with 50% run-to-run noise: a difference of values would reach far below −100%.
        var small = FigureEstimate.OfRun(1, interval: null, runToRunShare: 0.5);
        var large = FigureEstimate.OfRun(8, interval: null, runToRunShare: 0.5);

        var down = new FigureComparison(RunFigure.P90, large, small, 0.95);
        var up = new FigureComparison(RunFigure.P90, small, large, 0.95);

        // Known answer (R): exp(log(1/8) ± qnorm(0.975)·sqrt(2)·0.5) − 1.
        Assert.Equal(-0.968738, down.RelativeInterval!.Value.Low, 4);
        Assert.Equal(-0.500195, down.RelativeInterval!.Value.High, 4);
        Assert.Equal(1 / (1 + down.RelativeInterval!.Value.High) - 1, up.RelativeInterval!.Value.Low, 9);
        Assert.Equal(1 / (1 + down.RelativeInterval!.Value.Low) - 1, up.RelativeInterval!.Value.High, 9);
        Assert.True(down.ChangeInterval.Low > -8);
    }

    [Fact]
    public void ARunThatMeasuredNothing_IsAFallOfAllOfIt_AndABaseOfNothing_HasNoRatio()
    {
        var some = FigureEstimate.OfRun(5000, new ConfidenceInterval(4800, 5200, 0.95), runToRunShare: 0.07);
        var none = FigureEstimate.OfRun(0, new ConfidenceInterval(0, 0, 0.95), runToRunShare: 0.07);

        var fell = new FigureComparison(RunFigure.Eps, some, none, 0.95);
        var fromNothing = new FigureComparison(RunFigure.Eps, none, some, 0.95);

        Assert.Equal(-1, fell.RelativeChange);
        Assert.Equal(ComparisonVerdict.Worse, fell.Verdict);
        Assert.Null(fromNothing.RelativeChange);
        Assert.Equal(ComparisonVerdict.CannotDecide, fromNothing.Verdict);
    }

    [Fact]
    public void AShare_ChangesInPoints_WithinWhatASharesCanReach()
    {
        var comparison = new FigureComparison(RunFigure.Throttled, FigureEstimate.OfRun(0.5, null, 0.25), FigureEstimate.OfRun(90, null, 0.25), 0.95);

        Assert.Equal(ChangeScale.Points, comparison.Scale);
        Assert.Null(comparison.RelativeChange);
        Assert.Equal(89.5, comparison.Change, 9);
        Assert.True(comparison.ChangeInterval.High <= 99.5);
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

        Assert.True(comparison.RelativeChange > 0);
        Assert.Equal(ComparisonVerdict.NoDifference, comparison.Verdict);
    }

    [Fact]
    public void OfRun_AddsTheRunToRunShareToItsOwnIntervalsError()
    {
        var estimate = FigureEstimate.OfRun(1000, new ConfidenceInterval(950, 1050, 0.95), runToRunShare: 0.05);

        // Own interval: 50 / 1.95996 = 25.51; run to run: 5% of 1000 = 50.
        Assert.Equal(Math.Sqrt((25.5107 * 25.5107) + (50 * 50)), estimate.StandardError, 2);
        Assert.True(double.IsPositiveInfinity(estimate.DegreesOfFreedom));
        Assert.Equal(1, estimate.Runs);
        // On the log scale: the interval's ends' logs, and the share itself.
        var ownLog = (Math.Log(1050) - Math.Log(950)) / 2 / 1.959964;
        Assert.Equal(Math.Sqrt((ownLog * ownLog) + (0.05 * 0.05)), estimate.Log!.Value.StandardError, 6);
    }

    [Fact]
    public void OfRun_WithoutAnInterval_RestsOnTheRunToRunShareAlone()
    {
        var estimate = FigureEstimate.OfRun(200, interval: null, runToRunShare: 0.1);

        Assert.Equal(20, estimate.StandardError, 9);
        Assert.Equal(0.1, estimate.Log!.Value.StandardError, 9);
    }
}
