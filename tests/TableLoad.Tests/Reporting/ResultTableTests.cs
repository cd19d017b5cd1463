using System.Globalization;
using TableLoad.Measurement.Gates;
using TableLoad.Reporting;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

public sealed class ResultTableTests
{
    private static string[] Lines(string text) => text.Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);

    private static string[] Cells(string line) => line.Split('|')[1..^1].Select(c => c.Trim()).ToArray();

    [Fact]
    public void Render_HeaderNamesTheColumnsInOrder()
    {
        var header = Lines(ResultTable.Render([RunSummaries.Create()]))[0];

        Assert.Equal(["processes", "min", "median", "mean", "max", "p90", "p95", "p99", "p99.9", "peak e/s", "succeeded", "failed", "mean e/s", "95% CI e/s", "95% CI p99", "mean req/s"], Cells(header));
    }

    [Fact]
    public void Render_EachFigureDeclaredWithAColumn_ShowsItsValueRightAfterTheColumnItNames()
    {
        var summary = RunSummaries.Create();
        var lines = Lines(ResultTable.Render([summary]));
        var (header, row) = (Cells(lines[0]), Cells(lines[2]));

        Assert.All(Figures.All.Where(f => f.Column is not null), figure =>
        {
            var at = Array.IndexOf(header, figure.Column!.Header);
            Assert.Equal(figure.Column.After, header[at - 1]);
            Assert.Equal(figure.Read(ScopeFigures.Of(summary))!.Value, double.Parse(row[at], CultureInfo.InvariantCulture), tolerance: 0.5);
        });
    }

    [Fact]
    public void Render_OneRowPerSummaryUnderTheSeparator()
    {
        var lines = Lines(ResultTable.Render([RunSummaries.Create(processes: 1), RunSummaries.Create(processes: 2), RunSummaries.Create(processes: 4)]));

        Assert.Equal(5, lines.Length);
        Assert.Matches(@"^\|(-+:\|)+$", lines[1]);
        Assert.Equal(["1", "2", "4"], lines[2..].Select(l => Cells(l)[0]));
    }

    [Fact]
    public void Render_AStagedRun_HasARowPerStageUnderItsOwn_AndADetailLinePerStage()
    {
        var summary = RunSummaries.Create() with { Stages = [RunSummaries.Stage(1, mean: 150.4), RunSummaries.Stage(2, mean: 249.6)] };

        var lines = Lines(ResultTable.Render([summary]));
        var details = ResultTable.RenderDetails(summary);

        Assert.Equal(["1", "s1", "s2"], lines[2..].Select(l => Cells(l)[0]));
        Assert.Equal(["150", "250"], lines[3..].Select(l => Cells(l)[Array.IndexOf(ResultTable.Columns, "mean e/s")]));
        Assert.Contains("stage s2: 10.0–20.0 s, target 100 → 200 tasks per process; mean 249.6 e/s, throttled 1.5% of batches, failed 0.5% of entities", details, StringComparison.Ordinal);
    }

    [Fact]
    public void RenderDetails_AProvisioningFigureWhoseProductCarriesFloatError_IsRoundedUpFromWhatWasMeasured()
    {
        // 20,335 RU over 29,760 entities in 5 s: 4,067 RU/s, which RU per entity × e/s computes as 4067.0000000000005.
        var units = RunSummaries.RequestUnits(total: 20_335, peak: 4_067, 683_30).WithRates(29_760, 5, 29_760 / 5.0, 5_952);
        var summary = RunSummaries.Create() with { MeanEntitiesPerSecond = 29_760 / 5.0, RequestUnits = units };
        Assert.True(units.ProvisionRuPerSecond.Mean > 4_067, "the product's float error is what this test is about");

        var details = ResultTable.RenderDetails(summary);

        Assert.Contains("request units: 4067.0 RU/s", details, StringComparison.Ordinal);
        Assert.Contains("provisioning: to sustain 5,952 e/s of this entity, provision ≥ 4,067 RU/s (the peak second needed 4,067)", details, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_EveryLineHasTheSameWidthAndCellCount()
    {
        var lines = Lines(ResultTable.Render([RunSummaries.Create(p99: 1.5, peak: 7), RunSummaries.Create(p99: 123_456.75, peak: 1_234_567)]));

        Assert.All(lines, l => Assert.Equal(lines[0].Length, l.Length));
        Assert.All(lines, l => Assert.Equal(ResultTable.Columns.Length, Cells(l).Length));
    }

    [Fact]
    public void Render_CommaDecimalCulture_WritesInvariantFigures()
    {
        using var culture = new CultureScope("de-DE");

        var row = Cells(Lines(ResultTable.Render([RunSummaries.Create()]))[2]);

        Assert.Equal(["1", "8.25", "20.50", "22.13", "950.75", "30.50", "35.25", "48.50", "120.50", "12000", "690030", "900", "11500", "11010–11990", "45.25–52.75", "0"], row);
    }

    [Fact]
    public void RenderDetails_WithIntervals_ShowsTheMeanWithItsInterval()
    {
        var details = ResultTable.RenderDetails(RunSummaries.Create());

        Assert.Contains("mean e/s: 11500.5 (95% CI 11010–11990); goodput", details, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_TooLittleData_SaysSoInsteadOfANumber()
    {
        var summary = RunSummaries.Create() with { Confidence = RunSummaries.TooLittleData };

        var row = Cells(Lines(ResultTable.Render([summary]))[2]);
        var details = ResultTable.RenderDetails(summary);

        Assert.Equal(["too little data", "too little data"], row[^3..^1]);
        Assert.Contains("mean e/s: 11500.5 (95% CI: too little data: 2.0 s measured make 2 blocks of seconds, and an interval needs 10); goodput", details, StringComparison.Ordinal);
    }
}
