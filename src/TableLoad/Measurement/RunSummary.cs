using TableLoad.Engine;
using TableLoad.Storage;

namespace TableLoad.Measurement;

/// <summary>The figures of one run, computed once when the run ends; reporters only read it.</summary>
internal sealed record RunSummary
{
    public required string RunId { get; init; }

    /// <summary>Null for a whole run; "p0", "p1", ... for the per-process rows below it.</summary>
    public string? Row { get; init; }

    public required string Label { get; init; }

    public required int Processes { get; init; }

    public required int Tasks { get; init; }

    public required int BatchSize { get; init; }

    public required int EntitySize { get; init; }

    public required string Partitions { get; init; }

    /// <summary>The client that sent the batches (<c>--client</c>): sdk or wire; "sdk+wire" for a report merging both.</summary>
    public required string BatchClient { get; init; }

    public required RunStatus Status { get; init; }

    public required double MeasuredSeconds { get; init; }

    public required LatencySummary LatencyMs { get; init; }

    /// <summary>Open model only: latency from the actual send, next to the corrected <see cref="LatencyMs"/>.</summary>
    public LatencySummary? UncorrectedLatencyMs { get; init; }

    /// <summary>Open model: the intended fleet rate in entities per second; null for the closed model.</summary>
    public double? Rate { get; init; }

    /// <summary>Open model: batches that started more than one interval after their intended time.</summary>
    public long LateBatches { get; init; }

    public required long PeakEntitiesPerSecond { get; init; }

    public required double MeanEntitiesPerSecond { get; init; }

    public required double GoodputMbPerSecond { get; init; }

    public required long EntitiesSucceeded { get; init; }

    /// <summary>Attempts beyond the first, over all measured batches.</summary>
    public long Retries { get; init; }

    /// <summary>Measured batches whose outcome was settled by reading their entity back.</summary>
    public long VerifiedByRead { get; init; }

    public required long EntitiesFailed { get; init; }

    public required IReadOnlyDictionary<string, long> Outcomes { get; init; }

    public required IReadOnlyDictionary<string, long> RejectedByCode { get; init; }

    public required WarmupTotals Warmup { get; init; }

    public required ClientUsage Client { get; init; }

    public StoredCount? Stored { get; init; }

    public IReadOnlyList<RunSummary> PerProcess { get; init; } = [];

    public static RunSummary Create(RunSettings settings, RunTotals totals, double measuredSeconds, RunStatus status, int processes, ClientUsage client) =>
        Create(RunIdentity.Of(settings), totals, measuredSeconds, status, processes, client);

    public static RunSummary Create(RunIdentity settings, RunTotals totals, double measuredSeconds, RunStatus status, int processes, ClientUsage client)
    {
        var measured = totals.Measured;
        var outcomes = BatchOutcomeExtensions.All().ToDictionary(o => o.ToSnakeCase(), o => measured[o]);
        return new RunSummary
        {
            RunId = settings.RunId,
            Label = settings.Label,
            Processes = processes,
            Rate = settings.Rate,
            LateBatches = measured.Late,
            Retries = measured.Attempts - measured.Batches,
            VerifiedByRead = measured.VerifiedByRead,
            UncorrectedLatencyMs = totals.Uncorrected is { } uncorrected ? LatencySummary.From(uncorrected) : null,
            Tasks = settings.Tasks,
            BatchSize = settings.BatchSize,
            EntitySize = settings.EntitySize,
            Partitions = settings.Partitions,
            BatchClient = settings.Client,
            Status = status,
            MeasuredSeconds = measuredSeconds,
            LatencyMs = LatencySummary.From(totals.Latency),
            PeakEntitiesPerSecond = totals.PeakEntitiesPerSecond,
            MeanEntitiesPerSecond = measuredSeconds > 0 ? measured.EntitiesSucceeded / measuredSeconds : 0,
            GoodputMbPerSecond = measuredSeconds > 0 ? measured.EntitiesSucceeded * (double)settings.EntitySize / 1e6 / measuredSeconds : 0,
            EntitiesSucceeded = measured.EntitiesSucceeded,
            EntitiesFailed = measured.EntitiesFailed,
            Outcomes = outcomes,
            RejectedByCode = new SortedDictionary<string, long>(totals.RejectedByCode, StringComparer.Ordinal),
            Warmup = new WarmupTotals(totals.Warmup.Batches, totals.Warmup.EntitiesSucceeded, totals.Warmup.EntitiesFailed),
            Client = client,
        };
    }
}

/// <summary>What names a run and its workload in a summary.</summary>
internal sealed record RunIdentity(string RunId, string Label, int Tasks, int BatchSize, int EntitySize, string Partitions, double? Rate, string Client)
{
    public static RunIdentity Of(RunSettings s) =>
        new(s.RunId, s.Label, s.Tasks, s.BatchSize, s.EntitySize, s.Partitions.ToString()!, s.Rate, s.Client.ToName());
}

internal sealed record WarmupTotals(long Batches, long EntitiesSucceeded, long EntitiesFailed);

/// <summary>What <c>--verify</c> found in the table, against what the run reported.</summary>
internal sealed record StoredCount(long Count, long Expected, bool Matches);
