using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>What each <see cref="RunFigure"/> is called, written in, and read from in a summary.</summary>
internal static class RunFigures
{
    public static IReadOnlyList<RunFigure> All { get; } = Enum.GetValues<RunFigure>();

    public static string Name(this RunFigure figure) => figure switch
    {
        RunFigure.Eps => "eps",
        RunFigure.P50 => "p50",
        RunFigure.P90 => "p90",
        RunFigure.P95 => "p95",
        RunFigure.P99 => "p99",
        RunFigure.P999 => "p999",
        RunFigure.Mean => "mean",
        RunFigure.Max => "max",
        RunFigure.Throttled => "throttled",
        RunFigure.Failed => "failed",
        RunFigure.CpuPerEntity => "cpu",
        RunFigure.ServiceServerLatency => "service.server_latency",
        RunFigure.ServiceE2ELatency => "service.e2e_latency",
        RunFigure.ServiceThrottled => "service.throttled",
        RunFigure.ServiceNormalizedRu => "service.normalized_ru",
    };

    /// <summary>The figure's name with the scope it is read in, as a scoped condition writes it: <c>read.p99</c>; the name alone for the run's.</summary>
    public static string Name(this RunFigure figure, string? scope) => scope is null ? figure.Name() : $"{scope}.{figure.Name()}";

    public static FigureUnit Unit(this RunFigure figure) => figure switch
    {
        RunFigure.Eps => FigureUnit.EntitiesPerSecond,
        RunFigure.P50 or RunFigure.P90 or RunFigure.P95 or RunFigure.P99 or RunFigure.P999 or RunFigure.Mean or RunFigure.Max
            or RunFigure.ServiceServerLatency or RunFigure.ServiceE2ELatency => FigureUnit.Milliseconds,
        RunFigure.Throttled or RunFigure.Failed or RunFigure.ServiceThrottled or RunFigure.ServiceNormalizedRu => FigureUnit.Percent,
        RunFigure.CpuPerEntity => FigureUnit.Microseconds,
    };

    /// <summary>True where a larger value is better (entities per second); false for latency, shares and cost.</summary>
    public static bool HigherIsBetter(this RunFigure figure) => figure.Unit() switch
    {
        FigureUnit.EntitiesPerSecond => true,
        FigureUnit.Milliseconds or FigureUnit.Percent or FigureUnit.Microseconds => false,
    };

    public static bool TryParse(string name, out RunFigure figure)
    {
        foreach (var candidate in All)
        {
            if (string.Equals(candidate.Name(), name, StringComparison.OrdinalIgnoreCase))
            {
                figure = candidate;
                return true;
            }
        }

        figure = default;
        return false;
    }

    public static string Names() => string.Join(", ", All.Select(f => f.Name()));

    /// <summary>A figure of the service's own metrics: a run without them cannot decide it.</summary>
    public static bool IsServices(this RunFigure figure) => figure switch
    {
        RunFigure.ServiceServerLatency or RunFigure.ServiceE2ELatency or RunFigure.ServiceThrottled or RunFigure.ServiceNormalizedRu => true,
        RunFigure.Eps or RunFigure.P50 or RunFigure.P90 or RunFigure.P95 or RunFigure.P99 or RunFigure.P999 or RunFigure.Mean or RunFigure.Max
            or RunFigure.Throttled or RunFigure.Failed or RunFigure.CpuPerEntity => false,
    };

    /// <summary>Whether the figure is measured for each part of a run (an operation) and may be scoped by one: all but the process's CPU.</summary>
    public static bool IsMeasuredPerScope(this RunFigure figure) => figure switch
    {
        RunFigure.CpuPerEntity or RunFigure.ServiceServerLatency or RunFigure.ServiceE2ELatency or RunFigure.ServiceThrottled or RunFigure.ServiceNormalizedRu => false,
        RunFigure.Eps or RunFigure.P50 or RunFigure.P90 or RunFigure.P95 or RunFigure.P99 or RunFigure.P999 or RunFigure.Mean or RunFigure.Max or RunFigure.Throttled or RunFigure.Failed => true,
    };

    /// <summary>The figure's value in <paramref name="summary"/>; null when the run measured nothing it could be read from.</summary>
    public static double? Read(this RunFigure figure, RunSummary summary) => figure.Read(ScopeFigures.Of(summary));

    /// <summary>The figure's value in the run's or a part's figures; null when nothing was measured it could be read from.</summary>
    public static double? Read(this RunFigure figure, ScopeFigures summary)
    {
        var latency = summary.LatencyMs;
        return figure switch
        {
            RunFigure.Eps => summary.MeasuredSeconds > 0 ? summary.MeanEntitiesPerSecond : null,
            RunFigure.P50 => Latency(latency.Median),
            RunFigure.P90 => Latency(latency.P90),
            RunFigure.P95 => Latency(latency.P95),
            RunFigure.P99 => Latency(latency.P99),
            RunFigure.P999 => Latency(latency.P999),
            RunFigure.Mean => Latency(latency.Mean),
            RunFigure.Max => Latency(latency.Max),
            RunFigure.Throttled => RunShares.ThrottledPercent(RunShares.ThrottledBatches(summary.Outcomes), summary.Outcomes.Values.Sum()),
            RunFigure.Failed => RunShares.FailedPercent(summary.EntitiesFailed, summary.EntitiesSucceeded),
            RunFigure.CpuPerEntity => summary.CpuUsPerEntity > 0 ? summary.CpuUsPerEntity : null,
            RunFigure.ServiceServerLatency => summary.Service?.ServerLatencyMs?.Mean,
            RunFigure.ServiceE2ELatency => summary.Service?.E2eLatencyMs?.Mean,
            RunFigure.ServiceThrottled => summary.Service?.ThrottledPercent(),
            RunFigure.ServiceNormalizedRu => summary.Service?.Cosmos?.NormalizedRu?.HottestPercent,
        };

        double? Latency(double ms) => latency.Count > 0 ? ms : null;
    }
}
