using System.Globalization;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;

namespace TableLoad.Reporting;

/// <summary>
/// The run's table's columns: its own (the row's name and counts, which are no figure of a run), and each figure's that its
/// declaration (<see cref="Figures"/>) gives a <see cref="Figure.Column"/>, placed after the column the declaration names.
/// </summary>
internal static class ResultColumns
{
    /// <summary>One column: its header, its cell in a row, and the field of summary.json's <c>latency_ms</c> it shows, if any.</summary>
    public sealed record Column(string Header, Func<ResultRow, string> Cell, string? LatencyField = null);

    private static readonly Column[] Own =
    [
        new("processes", static row => row.Name),
        new("min", static row => row.Figures.LatencyMs.Count == 0 ? ResultTable.NoLatency : Fixed(row.Figures.LatencyMs.Min, 2),
            LatencySummary.FieldOf(nameof(LatencySummary.Min))),
        new("peak e/s", static row => row.PeakEntitiesPerSecond.ToString(CultureInfo.InvariantCulture)),
        new("succeeded", static row => row.Figures.EntitiesSucceeded.ToString(CultureInfo.InvariantCulture)),
        new("failed", static row => row.Figures.EntitiesFailed.ToString(CultureInfo.InvariantCulture)),
        new("mean req/s", static row => Fixed(row.RequestsPerSecond, 0)),
    ];

    public static IReadOnlyList<Column> All { get; } = Placed(FigureColumns());

    /// <summary>The batch latency columns, in the table's order: what run.json records for R's percentile table.</summary>
    public static IReadOnlyList<LatencyColumn> Latency { get; } =
        [.. All.Where(c => c.LatencyField is not null).Select(c => new LatencyColumn(c.Header, c.LatencyField!))];

    private static IEnumerable<(TableColumn Place, Column Column)> FigureColumns()
    {
        foreach (var figure in Figures.All)
        {
            if (figure.Column is { } column)
            {
                yield return (column, new Column(column.Header, row => Value(figure, row.Figures), figure.LatencyField));
            }

            if (figure.IntervalColumn is { } interval)
            {
                yield return (interval, new Column(interval.Header, row => Interval(figure, row.Figures)));
            }
        }
    }

    // Each column goes right after the one it names, once that one is placed: a figure may follow another figure's column.
    private static List<Column> Placed(IEnumerable<(TableColumn Place, Column Column)> figures)
    {
        var placed = Own.ToList();
        var waiting = figures.ToList();
        while (waiting.Count > 0)
        {
            var ready = waiting.Where(w => placed.Exists(c => c.Header == w.Place.After)).ToList();
            if (ready.Count == 0)
            {
                throw new InvalidOperationException($"The table has no column '{waiting[0].Place.After}' for '{waiting[0].Place.Header}' to follow.");
            }

            foreach (var entry in ready)
            {
                placed.Insert(placed.FindIndex(c => c.Header == entry.Place.After) + 1, entry.Column);
                waiting.Remove(entry);
            }
        }

        return placed;
    }

    private static string Value(Figure figure, ScopeFigures figures) => figure.Read(figures) is { } value
        ? Fixed(value, Decimals(figure.Unit))
        : figure.Unit switch
        {
            // A row that measured no second had no entity per second either, which the table has always said as 0.
            FigureUnit.EntitiesPerSecond => Fixed(0, Decimals(figure.Unit)),
            // A 0.00 would read as a figure.
            FigureUnit.Milliseconds or FigureUnit.Percent or FigureUnit.Microseconds => ResultTable.NoLatency,
        };

    // A folder written before TableLoad computed intervals has none to show, which is not the same as too little data.
    private static string Interval(Figure figure, ScopeFigures figures) =>
        figure.Interval.Of(figures, figure.Read(figures), figures.Confidence?.Level ?? 0) is { } interval
            ? $"{Fixed(interval.Lo, Decimals(figure.Unit))}–{Fixed(interval.Hi, Decimals(figure.Unit))}"
            : figures.Confidence is null ? "" : "too little data";

    private static int Decimals(FigureUnit unit) => unit switch
    {
        FigureUnit.EntitiesPerSecond => 0,
        FigureUnit.Milliseconds => 2,
        FigureUnit.Percent or FigureUnit.Microseconds => 1,
    };

    private static string Fixed(double value, int decimals) => value.ToString("F" + decimals, CultureInfo.InvariantCulture);
}
