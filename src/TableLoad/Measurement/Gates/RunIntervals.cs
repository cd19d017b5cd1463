using MathNet.Numerics.Distributions;

namespace TableLoad.Measurement.Gates;

/// <summary>A run's 95% interval for each figure, as its summary holds or implies it.</summary>
internal static class RunIntervals
{
    public const double Level = 0.95;

    public static FigureInterval? Of(RunSummary summary, RunFigure figure) => figure switch
    {
        RunFigure.Eps or RunFigure.P50 or RunFigure.P90 or RunFigure.P95 or RunFigure.P99 or RunFigure.P999 => null,
        RunFigure.Mean or RunFigure.Max or RunFigure.CpuPerEntity => null,
        RunFigure.Throttled => Share(figure.Read(summary), summary.Outcomes.Values.Sum()),
        RunFigure.Failed => Share(figure.Read(summary), summary.EntitiesSucceeded + summary.EntitiesFailed),
    };

    /// <summary>Wilson's interval for a share in percent of <paramref name="count"/> trials.</summary>
    private static FigureInterval? Share(double? percent, long count)
    {
        if (percent is not { } value || count == 0)
        {
            return null;
        }

        var z = Normal.InvCDF(0, 1, 0.5 + (Level / 2));
        var p = value / 100;
        var z2n = z * z / count;
        var centre = (p + (z2n / 2)) / (1 + z2n);
        var half = z * Math.Sqrt((p * (1 - p) / count) + (z2n / (4 * count))) / (1 + z2n);
        return new FigureInterval(Math.Max(centre - half, 0) * 100, Math.Min(centre + half, 1) * 100, Level);
    }
}
