using TableLoad.Sweep;
using TableLoad.Storage;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Sweep;

public sealed class RepeatIntervalsTests
{
    private static SweepRow CreateRow(int tasks, int repeat, double meanEntitiesPerSecond, double p99) =>
        SweepRow.FromSummary(new SweepCell(BatchClientKind.Sdk, 1, tasks, 100, EntityShape.OfSize(1024), "single", CellLoad.Closed, repeat), RunSummaries.Create(p99: p99)) with
        {
            MeanEntitiesPerSecond = meanEntitiesPerSecond,
        };

    [Fact]
    public void Render_ThreeRepeatsOfAPoint_GivesTheTIntervalOverTheirFigures()
    {
        // Means 4,990, 5,535, 6,080: standard deviation 545, half-width t(0.975, 2) · 545 / √3 = 1,353.9; p99s 459, 499, 539: 99.37.
        var rows = new[] { CreateRow(12, 1, 4_990, 459), CreateRow(12, 2, 5_535, 499), CreateRow(12, 3, 6_080, 539) };

        var text = RepeatIntervals.Render(rows);

        Assert.Equal(
            "between 3 repeats of sdk-p1-t12-b100-e1024-single: mean e/s 5535 (95% CI 4181–6889), p99 499.00 ms (95% CI 399.63–598.37)" + Environment.NewLine,
            text);
    }

    [Fact]
    public void Render_PointsRunOnce_SayNothing() =>
        Assert.Equal("", RepeatIntervals.Render([CreateRow(12, 1, 5_000, 400), CreateRow(24, 1, 6_000, 500)]));
}
