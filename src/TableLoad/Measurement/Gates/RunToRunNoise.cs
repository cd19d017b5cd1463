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

    public static double DefaultShare(RunFigure figure) => figure switch
    {
        RunFigure.Eps => 0.07,
        RunFigure.P50 => 0.08,
        RunFigure.P90 => 0.08,
        RunFigure.P95 => 0.09,
        RunFigure.P99 => 0.10,
        RunFigure.P999 => 0.15,
        RunFigure.Mean => 0.08,
        RunFigure.Max => 0.25,
        RunFigure.Throttled => 0.25,
        RunFigure.Failed => 0.25,
        RunFigure.CpuPerEntity => 0.10,
        RunFigure.ServiceServerLatency or RunFigure.ServiceE2ELatency => 0.10,
        RunFigure.ServiceThrottled or RunFigure.ServiceNormalizedRu => 0.25,
    };
}
