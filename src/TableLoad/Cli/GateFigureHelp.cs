using TableLoad.Measurement.Gates;

namespace TableLoad.Cli;

/// <summary>The figures the gates' --help lists, read from their declarations (<see cref="Figures"/>), so a new figure is listed by itself.</summary>
internal static class GateFigureHelp
{
    /// <summary>Every figure <c>--fail-if</c> takes, each run of figures written alike followed by how: <c>p50, p90 (latency, with its unit)</c>.</summary>
    public static string Written { get; } = WithNotes(Figures.All);

    /// <summary>The figures measured for each part of a run and each second: those a scope and <c>--abort-if</c> take.</summary>
    public static string PerPart { get; } = string.Join(", ", Figures.All.Where(f => f.Id.IsMeasuredPerScope()).Select(f => f.Name));

    private static string WithNotes(IReadOnlyList<Figure> figures)
    {
        var groups = new List<(List<string> Names, string Note)>();
        foreach (var figure in figures)
        {
            var note = Note(figure);
            if (groups.Count > 0 && groups[^1].Note == note)
            {
                groups[^1].Names.Add(figure.Name);
            }
            else
            {
                groups.Add(([figure.Name], note));
            }
        }

        return string.Join(", ", groups.Select(g => $"{string.Join(", ", g.Names)} ({g.Note})"));
    }

    // How a condition writes the figure's bound, as ThresholdParser.TryParseValue reads it.
    private static string Note(Figure figure) => figure.Unit switch
    {
        FigureUnit.EntitiesPerSecond => "mean entities/s",
        FigureUnit.Milliseconds => figure.Reach == FigureReach.Service ? "the service's mean latency, with its unit" : "latency, with its unit",
        FigureUnit.Percent => $"% of {figure.ShareOf}",
        FigureUnit.Microseconds => "client µs per entity",
    };
}
