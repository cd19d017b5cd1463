using System.Globalization;
using System.Text.Json;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.Bench.Results;

/// <summary>
/// Reads one run's figures from the files it left: TableLoad's summary.json plus the startup-hook probe,
/// or a baseline client's (floor, sdk-loop) JSON line(s); peak RSS from <c>/usr/bin/time -v</c> output when there is one.
/// </summary>
internal static class RunFigures
{
    public const string EntitiesPerSecond = "entities_per_second";
    public const string CpuUsPerEntity = "cpu_us_per_entity";
    public const string CpuUsPerEntityMeasured = "cpu_us_per_entity_measured";
    public const string AllocatedBytesPerBatch = "allocated_bytes_per_batch";
    public const string PeakRssMiB = "peak_rss_mib";
    public const string P99Ms = "p99_ms";
    public const string FailedEntities = "failed_entities";
    public const string NotFound = "not_found";
    public const string GcPausePercent = "gc_pause_percent";
    public const string GcGen0 = "gc_gen0";
    public const string CpuSeconds = "cpu_seconds";
    public const string CpuSecondsMeasured = "cpu_seconds_measured";
    public const string MeasuredSeconds = "measured_seconds";

    /// <summary>A scenario's measured entities: <c>entities.</c> and its name.</summary>
    public const string ScenarioEntitiesPrefix = "entities.";

    public static Dictionary<string, double> FromTableLoad(string summaryPath, string? probePath, IReadOnlyList<string> timePaths)
    {
        var summary = ResultJson.ReadSummary(summaryPath);
        var figures = new Dictionary<string, double>(StringComparer.Ordinal)
        {
            [EntitiesPerSecond] = summary.MeanEntitiesPerSecond,
            [P99Ms] = summary.LatencyMs.P99,
            [FailedEntities] = summary.EntitiesFailed,
            [NotFound] = summary.Outcomes.GetValueOrDefault(OutcomeTable.Of(BatchOutcome.NotFound).Name),
            [CpuUsPerEntity] = summary.Client.CpuUsPerEntity,
            [GcGen0] = summary.Client.GcGen0,
            [GcPausePercent] = summary.Client.GcPausePercent,
            [CpuSeconds] = summary.Client.UserCpuSeconds + summary.Client.SystemCpuSeconds,
            [MeasuredSeconds] = summary.MeasuredSeconds,
        };
        foreach (var (name, scenario) in summary.Scenarios ?? new Dictionary<string, OperationSummary>())
        {
            figures[ScenarioEntitiesPrefix + name] = scenario.Entities;
        }

        if (probePath is not null && File.Exists(probePath))
        {
            using var probe = JsonDocument.Parse(File.ReadAllText(probePath));
            var batches = BatchesSent(summary);
            if (batches > 0)
            {
                figures[AllocatedBytesPerBatch] = probe.RootElement.GetProperty("allocated_bytes").GetDouble() / batches;
            }

            figures[PeakRssMiB] = probe.RootElement.GetProperty("peak_rss_bytes").GetDouble() / 1048576.0;
            var intervals = Path.Combine(Path.GetDirectoryName(summaryPath)!, ResultFiles.IntervalsCsv);
            if (probe.RootElement.TryGetProperty("cpu_samples", out var samples) && File.Exists(intervals) &&
                MeasuredWindowCpu(summary, samples, intervals) is { } measured)
            {
                figures[CpuUsPerEntityMeasured] = measured;
                figures[CpuSecondsMeasured] = measured * summary.EntitiesSucceeded / 1e6;
            }
        }

        AddPeakRss(figures, timePaths);
        return figures;
    }

    /// <summary>Every batch the run sent, warm-up included: what the process's allocations are divided by.</summary>
    public static double BatchesSent(RunSummary summary) => summary.Outcomes.Values.Sum() + summary.Warmup.Batches;

    /// <summary>Several baseline processes run side by side add their rates; the worst p99 and the largest RSS stand for all.</summary>
    public static Dictionary<string, double> FromLoop(IReadOnlyList<string> resultPaths, IReadOnlyList<string> timePaths)
    {
        var runs = resultPaths.Select(p => JsonDocument.Parse(File.ReadAllLines(p).Last(l => l.StartsWith('{'))).RootElement).ToList();
        var figures = new Dictionary<string, double>(StringComparer.Ordinal)
        {
            [EntitiesPerSecond] = runs.Sum(r => r.GetProperty("entities_per_second").GetDouble()),
            [P99Ms] = runs.Max(r => r.GetProperty("p99_ms").GetDouble()),
            [CpuUsPerEntity] = runs.Average(r => r.GetProperty("cpu_us_per_entity").GetDouble()),
            [CpuUsPerEntityMeasured] = runs.Average(r => r.GetProperty("cpu_us_per_entity_measured").GetDouble()),
            [AllocatedBytesPerBatch] = runs.Average(r => r.GetProperty("allocated_bytes_per_batch").GetDouble()),
            [PeakRssMiB] = runs.Max(r => r.GetProperty("peak_rss_mib").GetDouble()),
            [FailedEntities] = runs.Sum(r => r.GetProperty("failed_batches").GetDouble()),
            [GcGen0] = runs.Sum(r => r.GetProperty("gc_gen0").GetDouble()),
            [GcPausePercent] = runs.Max(r => r.GetProperty("gc_pause_percent").GetDouble()),
        };
        AddPeakRss(figures, timePaths);
        return figures;
    }

    /// <summary>
    /// CPU µs per entity over the measured period only (start-up, JIT and warm-up left out): the probe's CPU
    /// samples interpolated at the start of the first measured second of intervals.csv and measured_seconds
    /// later, over the entities the summary counts as measured.
    /// </summary>
    private static double? MeasuredWindowCpu(RunSummary summary, JsonElement samples, string intervalsPath)
    {
        var points = samples.EnumerateArray().Select(s => (Ms: s[0].GetInt64(), Cpu: s[1].GetDouble())).ToList();
        var lines = File.ReadAllLines(intervalsPath);
        var header = lines[0].Split(',');
        int epoch = Array.IndexOf(header, "epoch_s"), warmup = Array.IndexOf(header, "warmup");
        var firstMeasured = lines.Skip(1).Select(l => l.Split(',')).FirstOrDefault(f => f[warmup] == "false");
        double entities = summary.EntitiesSucceeded;
        if (firstMeasured is null || points.Count < 2 || epoch < 0 || entities <= 0)
        {
            return null;
        }

        var from = long.Parse(firstMeasured[epoch], CultureInfo.InvariantCulture) * 1000;
        var until = from + (long)(summary.MeasuredSeconds * 1000);
        return from < points[0].Ms || until > points[^1].Ms ? null : (CpuAt(points, until) - CpuAt(points, from)) * 1e6 / entities;
    }

    private static double CpuAt(List<(long Ms, double Cpu)> points, long ms)
    {
        var after = points.FindIndex(p => p.Ms >= ms);
        if (after <= 0)
        {
            return points[Math.Max(after, 0)].Cpu;
        }

        var (m0, c0) = points[after - 1];
        var (m1, c1) = points[after];
        return m1 == m0 ? c1 : c0 + ((c1 - c0) * (ms - m0) / (m1 - m0));
    }

    // "Maximum resident set size (kbytes): 97752" from GNU time -v; the largest of the processes.
    private static void AddPeakRss(Dictionary<string, double> figures, IReadOnlyList<string> timePaths)
    {
        const string Marker = "Maximum resident set size (kbytes):";
        double? peak = null;
        foreach (var path in timePaths.Where(File.Exists))
        {
            foreach (var line in File.ReadLines(path))
            {
                var at = line.IndexOf(Marker, StringComparison.Ordinal);
                if (at >= 0 && double.TryParse(line[(at + Marker.Length)..].Trim(), NumberStyles.Float, CultureInfo.InvariantCulture, out var kb))
                {
                    peak = Math.Max(peak ?? 0, kb / 1024.0);
                }
            }
        }

        if (peak is { } mib)
        {
            figures[PeakRssMiB] = mib;
        }
    }
}
