using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>What each <see cref="RunFigure"/> is called, written in, and read from in a summary, as its declaration (<see cref="Figures"/>) says.</summary>
internal static class RunFigures
{
    public static IReadOnlyList<RunFigure> All { get; } = Enum.GetValues<RunFigure>();

    public static string Name(this RunFigure figure) => Figures.Of(figure).Name;

    /// <summary>The figure's name with the scope it is read in, as a scoped condition writes it: <c>read.p99</c>; the name alone for the run's.</summary>
    public static string Name(this RunFigure figure, string? scope) => scope is null ? figure.Name() : $"{scope}.{figure.Name()}";

    public static FigureUnit Unit(this RunFigure figure) => Figures.Of(figure).Unit;

    /// <summary>True where a larger value is better (entities per second); false for latency, shares and cost.</summary>
    public static bool HigherIsBetter(this RunFigure figure) => Figures.Of(figure).HigherIsBetter;

    public static bool TryParse(string name, out RunFigure figure)
    {
        var found = Figures.All.FirstOrDefault(f => string.Equals(f.Name, name, StringComparison.OrdinalIgnoreCase));
        figure = found?.Id ?? default;
        return found is not null;
    }

    public static string Names() => string.Join(", ", Figures.All.Select(f => f.Name));

    /// <summary>A figure of the service's own metrics: a run without them cannot decide it.</summary>
    public static bool IsServices(this RunFigure figure) => Figures.Of(figure).Reach == FigureReach.Service;

    /// <summary>Whether the figure is measured for each part of a run (an operation) and each second, so may be scoped by one: all but the process's and the service's.</summary>
    public static bool IsMeasuredPerScope(this RunFigure figure) => Figures.Of(figure).Reach == FigureReach.EachPart;

    /// <summary>The figure's value in <paramref name="summary"/>; null when the run measured nothing it could be read from.</summary>
    public static double? Read(this RunFigure figure, RunSummary summary) => figure.Read(ScopeFigures.Of(summary));

    /// <summary>The figure's value in the run's or a part's figures; null when nothing was measured it could be read from.</summary>
    public static double? Read(this RunFigure figure, ScopeFigures summary) => Figures.Of(figure).Read(summary);
}
