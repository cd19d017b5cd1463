using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Measurement.Gates;

public sealed class PairedRoundsTests
{
    // Student's t at 0.975 on 1 and 2 degrees of freedom (tables: 12.7062, 4.3027).
    private const double T1 = 12.706204736174698;
    private const double T2 = 4.302652729749464;

    private static FigureComparison Rounds(RunFigure figure, double[] before, double[] after) =>
        new(figure, FigureEstimate.OfRepeats(before), FigureEstimate.OfRepeats(after), 0.95)
        {
            Paired = PairedRounds.Of(before, after, FigureComparison.ScaleOf(figure)),
        };

    // The interval's half-width on the log scale, as the comparison made it.
    private static double HalfWidth(FigureComparison comparison) =>
        (Math.Log(1 + comparison.RelativeInterval!.Value.High) - Math.Log(1 + comparison.RelativeInterval!.Value.Low)) / 2;

    [Fact]
    public void TwoRounds_GiveTheMeanLogRatio_WithinTOnOneDegreeTimesSdOverRootTwo_Exponentiated()
    {
        var comparison = Rounds(RunFigure.Eps, [100, 200], [150, 260]);

        // By hand: d = ln 1.5 = 0.405465, ln 1.3 = 0.262364; mean 0.333915; sd = |d1 − d2| / √2 = 0.101188;
        // half-width = 12.7062 · 0.101188 / √2 = 0.909134; exp(0.333915 ∓ 0.909134) − 1 = −43.74% and +246.62%, exp(0.333915) − 1 = +39.64%.
        var paired = comparison.Paired!;
        Assert.Equal([Math.Log(1.5), Math.Log(1.3)], paired.Differences);
        Assert.Equal(0.3339146863, paired.Mean, 9);
        Assert.Equal(0.1011875769, paired.StandardDeviation, 9);
        Assert.Equal(1, comparison.DegreesOfFreedom);
        Assert.Equal(T1 * 0.1011875769 / Math.Sqrt(2), HalfWidth(comparison), 8);
        Assert.Equal(0.3964240044, comparison.RelativeChange!.Value, 9);
        Assert.Equal(-0.4374187002, comparison.RelativeInterval!.Value.Low, 9);
        Assert.Equal(2.4661656912, comparison.RelativeInterval!.Value.High, 9);
        Assert.Equal(ComparisonVerdict.NoDifference, comparison.Verdict);
    }

    [Fact]
    public void ThreeRoundsThatAgree_PutARiseOfEntitiesBeyondNoise_AndLatencyTheOtherWay()
    {
        double[] before = [100, 100, 100], after = [120, 118, 122];

        var eps = Rounds(RunFigure.Eps, before, after);
        var p99 = Rounds(RunFigure.P99, before, after);

        // By hand: d = ln 1.20, ln 1.18, ln 1.22 = 0.182322, 0.165514, 0.198851; mean 0.182229; sd 0.016668;
        // half-width 4.3027 · 0.016668 / √3 = 0.041407; exp(0.182229 ∓ 0.041407) − 1 = +15.12% and +25.06%.
        Assert.Equal(T2 * 0.0166684031 / Math.Sqrt(3), HalfWidth(eps), 8);
        Assert.Equal(0.1512201071, eps.RelativeInterval!.Value.Low, 9);
        Assert.Equal(0.2506151622, eps.RelativeInterval!.Value.High, 9);
        Assert.Equal(ComparisonVerdict.Better, eps.Verdict);
        Assert.Equal(ComparisonVerdict.Worse, p99.Verdict);
    }

    [Fact]
    public void AShare_IsPairedInPoints()
    {
        var comparison = Rounds(RunFigure.Throttled, [1.0, 2.0], [3.0, 3.5]);

        // By hand: d = 2.0, 1.5 points; mean 1.75; sd 0.353553; half-width 12.7062 · 0.353553 / √2 = 3.176551.
        Assert.Equal(ChangeScale.Points, comparison.Scale);
        Assert.Null(comparison.RelativeChange);
        Assert.Equal(1.75, comparison.Change, 9);
        Assert.Equal(-1.4265511840, comparison.ChangeInterval.Low, 9);
        Assert.Equal(4.9265511840, comparison.ChangeInterval.High, 9);
        Assert.Equal(ComparisonVerdict.NoDifference, comparison.Verdict);
    }

    [Fact]
    public void AFallOfRoundsFarApart_NeverReachesMinusAHundredPercent()
    {
        var comparison = Rounds(RunFigure.P90, [100, 100], [1, 50]);

        Assert.InRange(comparison.RelativeInterval!.Value.Low, -1 + 1e-15, comparison.RelativeChange!.Value);
        Assert.True(comparison.ChangeInterval.Low > -100);
    }

    [Fact]
    public void ARoundThatMeasuredNothing_HasNoLogRatio()
    {
        Assert.Null(PairedRounds.Of([100, 0], [120, 110], ChangeScale.Ratio));
        Assert.NotNull(PairedRounds.Of([0, 0], [0.5, 0], ChangeScale.Points));
    }

    [Fact]
    public void RoundsPairOneRunOfEachSide_AtLeastTwo()
    {
        Assert.Throws<ArgumentException>(() => PairedRounds.Of([100], [120], ChangeScale.Ratio));
        Assert.Throws<ArgumentException>(() => PairedRounds.Of([100, 110], [120], ChangeScale.Ratio));
    }
}
