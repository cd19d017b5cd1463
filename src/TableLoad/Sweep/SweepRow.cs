using System.Diagnostics.CodeAnalysis;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>
/// One finished cell as sweep.csv holds it: the knobs, the original table's columns and the failure,
/// throughput and client figures, all taken from the cell's summary.json.
/// </summary>
internal sealed record SweepRow
{
    // Every figure must be given (required), except by sweep.csv's reader, which sets them column by column.
    public SweepRow()
    {
    }

    [SetsRequiredMembers]
    private SweepRow(SweepCell cell)
    {
        Cell = cell;
        Status = RunStatus.Complete;
    }

    public required SweepCell Cell { get; init; }

    public required double Min { get; init; }

    public required double Median { get; init; }

    public required double Mean { get; init; }

    public required double Max { get; init; }

    public required double P90 { get; init; }

    public required double P95 { get; init; }

    public required double P99 { get; init; }

    public required long PeakEntitiesPerSecond { get; init; }

    public required long Succeeded { get; init; }

    public required long Failed { get; init; }

    /// <summary>Batches of the throttle outcomes: answered 503 ServerBusy, 500 OperationTimedOut or 429.</summary>
    public required long Throttled { get; init; }

    /// <summary>Batches whose attempt hit the client timeout.</summary>
    public required long Timeouts { get; init; }

    public required double MeanEntitiesPerSecond { get; init; }

    public required double GoodputMbPerSecond { get; init; }

    /// <summary>Mean request units per entity stored (summary.json's request_units.per_entity); null when the target sent no charge.</summary>
    public double? RuPerEntity { get; init; }

    /// <summary>Mean request units per second; null when the target sent no charge.</summary>
    public double? RuPerSecond { get; init; }

    /// <summary>Measured throttled answers by the limit each named (summary.json's throttling.by_limit); null in a sweep written before TableLoad classed them.</summary>
    public ThrottleCounts? Throttling { get; init; }

    /// <summary>The service's own figures of the cell's minutes (<c>--service-metrics</c>); null without them.</summary>
    public CellService? Service { get; init; }

    /// <summary>User plus system CPU seconds of the load generator.</summary>
    public required double ClientCpuSeconds { get; init; }

    /// <summary>The client's CPU microseconds per entity stored, as summary.json's <c>client</c> has it; null in a sweep written before sweep.csv kept it.</summary>
    public double? ClientCpuUsPerEntity { get; init; }

    public required bool Saturated { get; init; }

    /// <summary>How the cell's run ended (an interrupted cell is not in sweep.csv).</summary>
    public required RunStatus Status { get; init; }

    /// <summary>--verify counted other than the run stored; sweep.csv then says <c>verify_mismatch</c> in place of the status.</summary>
    public bool VerifyMismatch { get; init; }

    /// <summary>How the cell stood against the sweep's <c>--fail-if</c> thresholds; None without them (or in a sweep.csv written before gates).</summary>
    public GateOutcome Gates { get; init; }

    /// <summary>The cell's own 95% interval of <see cref="MeanEntitiesPerSecond"/> (summary.json's confidence); null with too little data.</summary>
    public ConfidenceInterval? EpsInterval { get; init; }

    /// <summary>The cell's own 95% interval of <see cref="P99"/> in ms; null with too little data.</summary>
    public ConfidenceInterval? P99Interval { get; init; }

    /// <summary>The cell's figures that declare a sweep.csv column of their own (<see cref="Figure.SweepColumn"/>); none in a sweep.csv written before them.</summary>
    public CellFigures DeclaredFigures { get; init; } = CellFigures.None;

    /// <summary>Each operation the cell sent, with its own figures (summary.json's <c>operations</c>); none in a sweep.csv written before they were columns.</summary>
    public CellSlices<TableOperation> Operations { get; init; } = CellSlices<TableOperation>.None;

    /// <summary>Each scenario of the cell's run, with its own figures (summary.json's <c>scenarios</c>); none for a run of one load.</summary>
    public CellSlices<string> Scenarios { get; init; } = CellSlices<string>.None;

    /// <summary>The status column of sweep.csv: <c>complete</c>, <c>partial</c> (a process failed) or <c>verify_mismatch</c>.</summary>
    public string StatusText => VerifyMismatch ? VerifyMismatchText : Status.ToSnakeCase();

    public const string VerifyMismatchText = "verify_mismatch";

    /// <summary>Measured batches; every batch holds exactly the cell's batch size of entities. A cell of scenarios, whose batch sizes are theirs, counts its requests.</summary>
    public long Batches => Cell.BatchSize.Size > 0 ? (Succeeded + Failed) / Cell.BatchSize.Size : Scenarios.Names.Sum(s => Scenarios[s]!.Requests);

    /// <summary>Throttled batches as a percentage of all measured batches (0 when there were none).</summary>
    public double ThrottledPercent => RunShares.ThrottledPercent(Throttled, Batches) ?? 0;

    /// <summary>A row of zeros for sweep.csv's reader to fill column by column (<see cref="SweepCsv.Columns"/>).</summary>
    public static SweepRow ToBeRead() => new(new SweepCell(default, 0, 0, default, EntityShape.Sample, "", CellLoad.Closed, 0));

    /// <summary>The figures of a cell, from its summary.json read through the summary's own type.</summary>
    /// <param name="gates">The cell's verdict on the sweep's thresholds.</param>
    public static SweepRow FromSummary(SweepCell cell, RunSummary summary, GateOutcome gates = GateOutcome.None)
    {
        long Outcome(string name) => summary.Outcomes.GetValueOrDefault(name);
        var latency = summary.LatencyMs;
        return new SweepRow
        {
            Cell = cell,
            Min = latency.Min,
            Median = latency.Median,
            Mean = latency.Mean,
            Max = latency.Max,
            P90 = latency.P90,
            P95 = latency.P95,
            P99 = latency.P99,
            PeakEntitiesPerSecond = summary.PeakEntitiesPerSecond,
            Succeeded = summary.EntitiesSucceeded,
            Failed = summary.EntitiesFailed,
            Throttled = RunShares.ThrottledBatches(summary.Outcomes),
            Timeouts = Outcome(BatchOutcome.ClientTimeout.ToSnakeCase()),
            MeanEntitiesPerSecond = summary.MeanEntitiesPerSecond,
            GoodputMbPerSecond = summary.GoodputMbPerSecond,
            RuPerEntity = summary.RequestUnits?.PerEntity,
            RuPerSecond = summary.RequestUnits?.PerSecondMean,
            Throttling = ThrottleCounts.Of(summary.Throttling),
            Service = CellService.Of(summary.Service),
            ClientCpuSeconds = summary.Client.UserCpuSeconds + summary.Client.SystemCpuSeconds,
            ClientCpuUsPerEntity = summary.Client.CpuUsPerEntity,
            Saturated = summary.Client.Saturated,
            Status = summary.Status,
            VerifyMismatch = summary.Stored is { Matches: false },
            Gates = gates,
            EpsInterval = RunIntervals.Of(summary, RunFigure.Eps),
            P99Interval = RunIntervals.Of(summary, RunFigure.P99),
            DeclaredFigures = CellFigures.Of(summary),
            Operations = CellSlices.OperationsOf(summary),
            Scenarios = CellSlices.ScenariosOf(summary),
        };
    }
}
