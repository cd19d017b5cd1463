using TableLoad.Measurement.Confidence;
using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>A run's interval for each figure, as its summary holds it (<see cref="RunConfidence"/>) or implies it, by the figure's <see cref="FigureInterval"/>.</summary>
internal static class RunIntervals
{
    public static ConfidenceInterval? Of(RunSummary summary, RunFigure figure) => Of(ScopeFigures.Of(summary), figure);

    /// <summary>The interval of the run's or a part's figure, from its own confidence and counts.</summary>
    public static ConfidenceInterval? Of(ScopeFigures summary, RunFigure figure) =>
        Figures.Of(figure).Interval.Of(summary, figure.Read(summary), summary.Confidence?.Level ?? RunConfidence.DefaultLevel);

    /// <summary>Whether a run's own measured seconds give the figure an interval, once it measured enough of them.</summary>
    public static bool FromOwnSeconds(RunFigure figure) => Figures.Of(figure).Interval is FigureInterval.OwnSeconds;
}
