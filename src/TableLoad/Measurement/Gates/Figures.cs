using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// Every figure once, in the enum's order (<see cref="Figure"/>): a new figure is a member of <see cref="RunFigure"/> and its
/// declaration here, and the gates, abort conditions, compare's lists, sweep.csv's and the run's table's columns take it from there.
/// </summary>
internal static class Figures
{
    public static IReadOnlyList<Figure> All { get; } = [.. Enum.GetValues<RunFigure>().Select(Declare)];

    public static Figure Of(RunFigure figure) => All[(int)figure];

    /// <summary>The figures compare prints for the runs, in order; <c>--fail-on</c> may name any of them.</summary>
    public static IReadOnlyList<RunFigure> Compared { get; } = [.. All.Where(f => f.Compared).Select(f => f.Id)];

    /// <summary>The figures compared for each part of the runs: what summary.json's <c>operations</c> and <c>scenarios</c> hold for each.</summary>
    public static IReadOnlyList<RunFigure> ComparedPerPart { get; } = [.. All.Where(f => f.ComparedPerPart).Select(f => f.Id)];

    // A switch, so that a new member of RunFigure fails the build here until it is declared.
    private static Figure Declare(RunFigure figure) => figure switch
    {
        RunFigure.Eps => new Figure(figure, "eps", FigureUnit.EntitiesPerSecond, static s => s.MeasuredSeconds > 0 ? s.MeanEntitiesPerSecond : null,
            0.07, new FigureInterval.OwnSeconds(static c => c.MeanEntitiesPerSecond), FigureReach.EachPart)
        {
            Compared = true, ComparedPerPart = true, Column = new("mean e/s", After: "failed"), IntervalColumn = new("95% CI e/s", After: "mean e/s"),
        },
        RunFigure.P50 => Latency(figure, "p50", nameof(LatencySummary.Median), static l => l.Median, 0.08, new FigureInterval.OwnSeconds(static c => c.LatencyMs?.P50))
            with { Compared = true, ComparedPerPart = true, Column = new("median", After: "min") },
        RunFigure.P90 => Latency(figure, "p90", nameof(LatencySummary.P90), static l => l.P90, 0.08, new FigureInterval.OwnSeconds(static c => c.LatencyMs?.P90))
            with { Compared = true, ComparedPerPart = true, Column = new("p90", After: "max") },
        RunFigure.P95 => Latency(figure, "p95", nameof(LatencySummary.P95), static l => l.P95, 0.09, new FigureInterval.None()) with { Column = new("p95", After: "p90") },
        RunFigure.P99 => Latency(figure, "p99", nameof(LatencySummary.P99), static l => l.P99, 0.10, new FigureInterval.OwnSeconds(static c => c.LatencyMs?.P99))
            with { Compared = true, ComparedPerPart = true, Column = new("p99", After: "p95"), IntervalColumn = new("95% CI p99", After: "95% CI e/s") },
        RunFigure.P999 => Latency(figure, "p999", nameof(LatencySummary.P999), static l => l.P999, 0.15, new FigureInterval.None())
            with { Compared = true, ComparedPerPart = true, SweepColumn = "p999", Column = new("p99.9", After: "p99") },
        RunFigure.Mean => Latency(figure, "mean", nameof(LatencySummary.Mean), static l => l.Mean, 0.08, new FigureInterval.None()) with { Column = new("mean", After: "median") },
        RunFigure.Max => Latency(figure, "max", nameof(LatencySummary.Max), static l => l.Max, 0.25, new FigureInterval.None()) with { Column = new("max", After: "mean") },
        RunFigure.Throttled => new Figure(figure, "throttled", FigureUnit.Percent,
            static s => RunShares.ThrottledPercent(RunShares.ThrottledBatches(s.Outcomes), s.Outcomes.Values.Sum()),
            0.25, new FigureInterval.Share(static s => s.Outcomes.Values.Sum()), FigureReach.EachPart) { Compared = true, ComparedPerPart = true },
        RunFigure.Failed => new Figure(figure, "failed", FigureUnit.Percent, static s => RunShares.FailedPercent(s.EntitiesFailed, s.EntitiesSucceeded),
            0.25, new FigureInterval.Share(static s => s.EntitiesSucceeded + s.EntitiesFailed), FigureReach.EachPart) { ShareOf = "entities", ComparedPerPart = true },
        RunFigure.CpuPerEntity => new Figure(figure, "cpu", FigureUnit.Microseconds, static s => s.CpuUsPerEntity > 0 ? s.CpuUsPerEntity : null,
            0.10, new FigureInterval.None(), FigureReach.Process) { Compared = true },
        RunFigure.ServiceServerLatency => new Figure(figure, "service.server_latency", FigureUnit.Milliseconds, static s => s.Service?.ServerLatencyMs?.Mean,
            0.10, new FigureInterval.None(), FigureReach.Service) { Compared = true },
        RunFigure.ServiceE2ELatency => new Figure(figure, "service.e2e_latency", FigureUnit.Milliseconds, static s => s.Service?.E2eLatencyMs?.Mean,
            0.10, new FigureInterval.None(), FigureReach.Service) { Compared = true },
        RunFigure.ServiceThrottled => new Figure(figure, "service.throttled", FigureUnit.Percent, static s => s.Service?.ThrottledPercent(),
            0.25, new FigureInterval.None(), FigureReach.Service) { ShareOf = "transactions the service counted", Compared = true },
        RunFigure.ServiceNormalizedRu => new Figure(figure, "service.normalized_ru", FigureUnit.Percent, static s => s.Service?.Cosmos?.NormalizedRu?.HottestPercent,
            0.25, new FigureInterval.None(), FigureReach.Service) { ShareOf = "the hottest partition key range's RU/s" },
    };

    // A batch latency percentile or statistic: null when no batch was measured. property: the LatencySummary property it reads.
    private static Figure Latency(RunFigure figure, string name, string property, Func<LatencySummary, double> pick, double noise, FigureInterval interval) =>
        new(figure, name, FigureUnit.Milliseconds, s => s.LatencyMs.Count > 0 ? pick(s.LatencyMs) : null, noise, interval, FigureReach.EachPart)
        {
            LatencyField = LatencySummary.FieldOf(property),
        };
}
