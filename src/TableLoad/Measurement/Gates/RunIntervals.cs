using MathNet.Numerics.Distributions;
using TableLoad.Measurement.Confidence;
using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>A run's interval for each figure, as its summary holds it (<see cref="RunConfidence"/>) or implies it.</summary>
internal static class RunIntervals
{
    public static ConfidenceInterval? Of(RunSummary summary, RunFigure figure) => Of(ScopeFigures.Of(summary), figure);

    /// <summary>The interval of the run's or a part's figure, from its own confidence and counts.</summary>
    public static ConfidenceInterval? Of(ScopeFigures summary, RunFigure figure)
    {
        var confidence = summary.Confidence;
        var level = confidence?.Level ?? RunConfidence.DefaultLevel;
        return figure switch
        {
            RunFigure.Eps => From(confidence?.MeanEntitiesPerSecond, level),
            RunFigure.P50 => From(confidence?.LatencyMs?.P50, level),
            RunFigure.P90 => From(confidence?.LatencyMs?.P90, level),
            RunFigure.P99 => From(confidence?.LatencyMs?.P99, level),
            // The run's blocks give intervals for the figures above only; these go without one.
            RunFigure.P95 or RunFigure.P999 or RunFigure.Mean or RunFigure.Max or RunFigure.CpuPerEntity
                or RunFigure.ServiceServerLatency or RunFigure.ServiceE2ELatency or RunFigure.ServiceThrottled or RunFigure.ServiceNormalizedRu => null,
            RunFigure.Throttled => Share(figure.Read(summary), summary.Outcomes.Values.Sum(), level),
            RunFigure.Failed => Share(figure.Read(summary), summary.EntitiesSucceeded + summary.EntitiesFailed, level),
        };
    }

    /// <summary>Whether a run's own measured seconds give the figure an interval, once it measured enough of them.</summary>
    public static bool FromOwnSeconds(RunFigure figure) => figure switch
    {
        RunFigure.Eps or RunFigure.P50 or RunFigure.P90 or RunFigure.P99 => true,
        RunFigure.P95 or RunFigure.P999 or RunFigure.Mean or RunFigure.Max or RunFigure.CpuPerEntity or RunFigure.Throttled or RunFigure.Failed
            or RunFigure.ServiceServerLatency or RunFigure.ServiceE2ELatency or RunFigure.ServiceThrottled or RunFigure.ServiceNormalizedRu => false,
    };

    private static ConfidenceInterval? From(ConfidenceInterval? interval, double level) =>
        interval is { } i ? i with { Level = level } : null;

    /// <summary>Wilson's interval for a share in percent of <paramref name="count"/> trials.</summary>
    private static ConfidenceInterval? Share(double? percent, long count, double level)
    {
        if (percent is not { } value || count == 0)
        {
            return null;
        }

        var z = Normal.InvCDF(0, 1, 0.5 + (level / 2));
        var p = value / 100;
        var z2n = z * z / count;
        var centre = (p + (z2n / 2)) / (1 + z2n);
        var half = z * Math.Sqrt((p * (1 - p) / count) + (z2n / (4 * count))) / (1 + z2n);
        return new ConfidenceInterval(Math.Max(centre - half, 0) * 100, Math.Min(centre + half, 1) * 100, level);
    }
}
