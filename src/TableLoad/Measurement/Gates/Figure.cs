using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// One figure of a run, declared once (<see cref="Figures"/>): everything that shows or judges it, gates, abort
/// conditions, compare, sweep.csv, the run's table, reads it from here.
/// </summary>
/// <param name="Id">The figure as settings hold it.</param>
/// <param name="Name">As gates, compare's lines and <c>--fail-on</c> write it: <c>p99</c>, <c>service.throttled</c>.</param>
/// <param name="Unit">How its value is written and read in a condition; larger is better for a rate alone.</param>
/// <param name="Read">Its value in the run's or a part's figures; null when nothing was measured it could be read from.</param>
/// <param name="Noise">The run-to-run share compare assumes without repeats, measured as <see cref="RunToRunNoise.Origin"/> says.</param>
/// <param name="Interval">How a single run gives it an interval, if at all.</param>
/// <param name="Reach">What it is measured over: each part of a run and each second, the process, or the service's minutes.</param>
internal sealed record Figure(
    RunFigure Id, string Name, FigureUnit Unit, Func<ScopeFigures, double?> Read, double Noise, FigureInterval Interval, FigureReach Reach)
{
    /// <summary>What a share is of, for the sentence that refuses a bound in another unit; only shares say it.</summary>
    public string ShareOf { get; init; } = "batches";

    /// <summary>Whether compare prints and judges the run's figure, in the catalogue's order.</summary>
    public bool Compared { get; init; }

    /// <summary>Whether compare prints and judges the figure for each part of the runs (an operation, a scenario).</summary>
    public bool ComparedPerPart { get; init; }

    /// <summary>The sweep.csv column that holds the cell's figure, after the columns sweep.csv had before figures declared theirs; null for none.</summary>
    public string? SweepColumn { get; init; }

    /// <summary>The run's table's column of the figure, for the run, each stage and each part; null for none.</summary>
    public TableColumn? Column { get; init; }

    /// <summary>The field of summary.json's <c>latency_ms</c> that holds a batch latency figure; null for any other figure.</summary>
    public string? LatencyField { get; init; }

    /// <summary>The run's table's column of the figure's interval (<see cref="Interval"/>); null for none.</summary>
    public TableColumn? IntervalColumn { get; init; }

    /// <summary>True where a larger value is better (entities per second); false for latency, shares and cost.</summary>
    public bool HigherIsBetter => Unit switch
    {
        FigureUnit.EntitiesPerSecond => true,
        FigureUnit.Milliseconds or FigureUnit.Percent or FigureUnit.Microseconds => false,
    };
}
