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

        Assert.Equal(["processes", "min", "median", "mean", "max", "p90", "p95", "p99", "peak e/s", "succeeded", "failed"], Cells(header));
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

        Assert.Equal(["1", "8.25", "20.50", "22.13", "950.75", "30.50", "35.25", "48.50", "12000", "690030", "900"], row);
    }
}
