using TableLoad.ChildRuns;
using TableLoad.Settings.Gates;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>Everything a sweep needs, validated before its first cell runs.</summary>
internal sealed record SweepSettings
{
    public required SweepKnobs Knobs { get; init; }

    /// <summary>Every cell of every pass, in the order they run.</summary>
    public required IReadOnlyList<SweepCell> Cells { get; init; }

    public int Repeat { get; init; } = 1;

    /// <summary>The scenarios of the cells' <c>--config</c> profile, in its order, each with its figures in sweep.csv; none for a sweep of one load.</summary>
    public IReadOnlyList<string> Scenarios { get; init; } = [];

    public TimeSpan Cooldown { get; init; }

    /// <summary>How many interleaved rounds decide a close call between the two configurations of highest e/s; 0 for none.</summary>
    public int CloseRounds { get; init; }

    /// <summary>The <c>--stop-when-throttled</c> limit in percent of batches; null to run every cell.</summary>
    public double? StopWhenThrottledPercent { get; init; }

    public bool Resume { get; init; }

    /// <summary>The <c>--fail-if</c> thresholds each cell's run judges (passed to it in <see cref="RunArguments"/>); none without.</summary>
    public IReadOnlyList<Threshold> Thresholds { get; init; } = [];

    /// <summary>The cells' <c>--abort-if</c> conditions, each a testcase of the JUnit file.</summary>
    public IReadOnlyList<AbortCondition> AbortIf { get; init; } = [];

    /// <summary>The sweep's <c>--junit</c> file, one testcase per cell and threshold; null for none.</summary>
    public string? JunitPath { get; init; }

    public bool Report { get; init; }

    public required string OutputDirectory { get; init; }

    /// <summary>The table every cell shares when <c>--table</c> is given; null for a fresh table per cell.</summary>
    public string? Table { get; init; }

    /// <summary>The <c>run</c> options given to the sweep, passed unchanged to every cell (never the connection string).</summary>
    public required IReadOnlyList<string> RunArguments { get; init; }

    /// <summary>The connection string for the cells' environment; null leaves run's default (Azurite).</summary>
    public SecretText? ConnectionString { get; init; }

    /// <summary>The signature for <c>--endpoint</c>, for the cells' environment; null when none was given.</summary>
    public SecretText? Sas { get; init; }

    /// <summary>Where the load goes (account and endpoint only), for sweep.json.</summary>
    public required StorageTarget Target { get; init; }

    /// <summary>Warm-up plus measured time of one cell, for the estimate printed at the start.</summary>
    public TimeSpan CellTime { get; init; }

    public required DateTimeOffset StartedUtc { get; init; }

    public CellCommandLine CommandLine => new(RunArguments, Table, OutputDirectory);

    public string CellDirectory(SweepCell cell) => CommandLine.CellDirectory(cell);
}
