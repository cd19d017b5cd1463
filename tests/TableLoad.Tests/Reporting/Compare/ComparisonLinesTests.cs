using TableLoad.Measurement.Gates;
using TableLoad.Reporting.Compare;
using TableLoad.Settings.Gates;

namespace TableLoad.Tests.Reporting.Compare;

public sealed class ComparisonLinesTests
{
    [Fact]
    public void AnIntervalThatFallsShortOfAllOfIt_IsNotPrintedAsMinusAHundredPercent()
    {
        // Two rounds far apart: exp(mean ± 12.7 · sd / √2) − 1 reaches to within a hair of −100%, never to it.
        double[] before = [100, 100], after = [1, 50];
        var comparison = new FigureComparison(RunFigure.P90, FigureEstimate.OfRepeats(before), FigureEstimate.OfRepeats(after), 0.95)
        {
            Paired = PairedRounds.Of(before, after, ChangeScale.Ratio),
        };

        var line = ComparisonLines.Line(comparison);

        Assert.Contains("(95% CI -99.99% to +", line, StringComparison.Ordinal);
        Assert.EndsWith("no difference beyond noise; the verdict rests on 2 rounds' paired differences (sd 276.6% a round)", line, StringComparison.Ordinal);
    }
}
