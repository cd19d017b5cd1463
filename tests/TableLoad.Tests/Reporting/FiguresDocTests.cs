using System.Globalization;
using TableLoad.Measurement.Gates;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting;

/// <summary>docs/results.md's table of the figures against their declarations (<see cref="Figures"/>): one line per figure, in order, saying what the declaration says.</summary>
public sealed class FiguresDocTests
{
    private const string Heading = "The figures";

    [Fact]
    public void Doc_HasALinePerDeclaredFigure_InTheDeclarationsOrder()
    {
        var documented = ResultsDoc.CellsUnder(Heading).Select(cells => string.Join(",", ResultsDoc.Names(cells[0])));

        Assert.Equal(Figures.All.Select(f => f.Name), documented);
    }

    [Fact]
    public void Doc_EachFiguresLine_SaysItsUnitIntervalColumnsCompareAndNoiseAsDeclared()
    {
        var lines = ResultsDoc.CellsUnder(Heading);

        Assert.All(Figures.All.Zip(lines), pair =>
        {
            var (figure, cells) = pair;
            Assert.Equal([figure.Name, FigureFormat.Unit(figure.Id), Interval(figure), Table(figure), figure.SweepColumn ?? "", Compare(figure), Noise(figure)],
                [ResultsDoc.Names(cells[0]).Single(), cells[1], cells[2], string.Join(", ", ResultsDoc.Names(cells[3])), string.Join(", ", ResultsDoc.Names(cells[4])), cells[5], cells[6]]);
        });
    }

    private static string Interval(Figure figure) => figure.Interval switch
    {
        FigureInterval.OwnSeconds => "own seconds",
        FigureInterval.Share => "Wilson",
        FigureInterval.None => "none",
        _ => throw new ArgumentOutOfRangeException(nameof(figure), figure.Interval, "an interval this test does not know"),
    };

    private static string Table(Figure figure) => string.Join(", ", new[] { figure.Column?.Header, figure.IntervalColumn?.Header }.OfType<string>());

    // Only a figure compare judges has its share said: compare alone assumes it.
    private static string Noise(Figure figure) =>
        figure.Compared || figure.ComparedPerPart ? (figure.Noise * 100).ToString("0.#", CultureInfo.InvariantCulture) + "%" : "";

    private static string Compare(Figure figure) => string.Join(", ", new[] { figure.Compared ? "run" : null, figure.ComparedPerPart ? "parts" : null }.OfType<string>());
}
