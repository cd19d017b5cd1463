using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement;

/// <summary>
/// The figures of one operation of a run: its requests (a batch, a read, a query with its pages), the entities they wrote, read or
/// deleted, outcomes and latency. A run of one operation gives it the run's own figures, taken from the summary, so the two cannot differ.
/// </summary>
internal sealed record OperationSummary(
    long Requests,
    long Entities,
    long EntitiesFailed,
    double MeanEntitiesPerSecond,
    long PeakEntitiesPerSecond,
    IReadOnlyDictionary<string, long> Outcomes,
    LatencySummary LatencyMs)
{
    public RunConfidence? Confidence { get; init; }

    /// <summary>Requests answered per measured second, whatever their outcome (<see cref="RunSummary.MeanRequestsPerSecond"/>).</summary>
    public double MeanRequestsPerSecond { get; init; }

    public ThrottlingSummary? Throttling { get; init; }

    public RequestUnitsSummary? RequestUnits { get; init; }

    /// <summary>A scenario's figures (<see cref="RunSummary.Scenarios"/>) have each of its operations' too; null for an operation's.</summary>
    public IReadOnlyDictionary<string, OperationSummary>? Operations { get; init; }

    public static OperationSummary OfRun(RunSummary run) =>
        new(run.Outcomes.Values.Sum(), run.EntitiesSucceeded, run.EntitiesFailed, run.MeanEntitiesPerSecond, run.PeakEntitiesPerSecond, run.Outcomes, run.LatencyMs)
        {
            Confidence = run.Confidence,
            MeanRequestsPerSecond = run.MeanRequestsPerSecond,
            Throttling = run.Throttling,
            RequestUnits = run.RequestUnits,
        };
}
