using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// How far one run of a configuration lands from the next, as a share of the figure: what a single
/// run's own interval cannot show. docs/analysis.md gives the runs these defaults were measured from.
/// </summary>
internal static class RunToRunNoise
{
    /// <summary>Where the default shares were measured, as compare names it beside a share it assumes.</summary>
    public const string Origin = "measured on 12 tasks x 100, sdk, against Azurite: docs/analysis.md";

    /// <summary>The figure's declared share (<see cref="Figure.Noise"/>).</summary>
    public static double DefaultShare(RunFigure figure) => Figures.Of(figure).Noise;
}
