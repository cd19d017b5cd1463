using System.Globalization;

namespace TableLoad.Reporting;

/// <summary>The names of the files TableLoad writes, each declared once; docs/results.md and docs/sweep.md describe them.</summary>
internal static class ResultFiles
{
    /// <summary>How the run was made (a merged folder: which folders it came from).</summary>
    public const string RunJson = "run.json";

    /// <summary>The figures of the final table.</summary>
    public const string SummaryJson = "summary.json";

    /// <summary>One row per second of the run.</summary>
    public const string IntervalsCsv = "intervals.csv";

    /// <summary>Each second's latency histogram, so runs merge without loss.</summary>
    public const string LatencyHlog = "latency.hlog";

    /// <summary>One row per batch of a one-process run.</summary>
    public const string BatchesCsv = "batches.csv";

    /// <summary>One row per finished cell of a sweep.</summary>
    public const string SweepCsv = "sweep.csv";

    /// <summary>A sweep's knobs, options and cells.</summary>
    public const string SweepJson = "sweep.json";

    /// <summary>One row per probe and confirm run of a tune, in sweep.csv's columns and a few of its own.</summary>
    public const string TuneCsv = "tune.csv";

    /// <summary>A tune's constraints, probes, model, recommendation and limit.</summary>
    public const string TuneJson = "tune.json";

    /// <summary>A comparison by rounds' sides, shared options and runs in the order they ran (compare --rounds).</summary>
    public const string RoundsJson = "rounds.json";

    /// <summary>A comparison by rounds' verdicts, as compare --json prints them.</summary>
    public const string ComparisonJson = "comparison.json";

    /// <summary>intervals.csv for the whole run, intervals-&lt;operation&gt;.csv for one operation of a mix.</summary>
    public static string IntervalsCsvOf(string? slice) => slice is null ? IntervalsCsv : $"intervals-{slice}.csv";

    /// <summary>latency.hlog for the whole run, latency-&lt;operation&gt;.hlog for one operation of a mix.</summary>
    public static string LatencyHlogOf(string? slice) => slice is null ? LatencyHlog : $"latency-{slice}.hlog";

    /// <summary>batches.csv for a one-process run, batches-&lt;k&gt;.csv for process k of several.</summary>
    public static string BatchesCsvOf(int process, int processes) =>
        processes == 1 ? BatchesCsv : string.Create(CultureInfo.InvariantCulture, $"batches-{process}.csv");
}
