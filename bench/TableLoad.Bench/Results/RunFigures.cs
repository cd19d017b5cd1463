using System.Globalization;
using System.Text.Json;

namespace TableLoad.Bench.Results;

/// <summary>
/// Reads one run's figures from the files it left: TableLoad's summary.json plus the startup-hook probe,
/// or the floor's JSON line(s); peak RSS from <c>/usr/bin/time -v</c> output when there is one.
/// </summary>
internal static class RunFigures
{
    public const string EntitiesPerSecond = "entities_per_second";
    public const string CpuUsPerEntity = "cpu_us_per_entity";
    public const string AllocatedBytesPerBatch = "allocated_bytes_per_batch";
    public const string PeakRssMiB = "peak_rss_mib";
    public const string P99Ms = "p99_ms";
    public const string FailedEntities = "failed_entities";

    public static Dictionary<string, double> FromTableLoad(string summaryPath, string? probePath, IReadOnlyList<string> timePaths)
    {
        using var summary = JsonDocument.Parse(File.ReadAllText(summaryPath));
        var root = summary.RootElement;
        var figures = new Dictionary<string, double>(StringComparer.Ordinal)
        {
            [EntitiesPerSecond] = root.GetProperty("mean_entities_per_second").GetDouble(),
            [P99Ms] = root.GetProperty("latency_ms").GetProperty("p99").GetDouble(),
            [FailedEntities] = root.GetProperty("entities_failed").GetDouble(),
        };
        if (root.TryGetProperty("client", out var client) && client.TryGetProperty("cpu_us_per_entity", out var cpu))
        {
            figures[CpuUsPerEntity] = cpu.GetDouble();
        }

        if (probePath is not null && File.Exists(probePath))
        {
            using var probe = JsonDocument.Parse(File.ReadAllText(probePath));
            var batches = root.GetProperty("outcomes").EnumerateObject().Sum(o => o.Value.GetDouble());
            if (root.TryGetProperty("warmup", out var warmup) && warmup.TryGetProperty("batches", out var warmupBatches))
            {
                batches += warmupBatches.GetDouble();
            }

            if (batches > 0)
            {
                figures[AllocatedBytesPerBatch] = probe.RootElement.GetProperty("allocated_bytes").GetDouble() / batches;
            }

            figures[PeakRssMiB] = probe.RootElement.GetProperty("peak_rss_bytes").GetDouble() / 1048576.0;
        }

        AddPeakRss(figures, timePaths);
        return figures;
    }

    /// <summary>Several floor processes run side by side add their rates; the worst p99 and the largest RSS stand for all.</summary>
    public static Dictionary<string, double> FromFloor(IReadOnlyList<string> floorPaths, IReadOnlyList<string> timePaths)
    {
        var runs = floorPaths.Select(p => JsonDocument.Parse(File.ReadAllLines(p).Last(l => l.StartsWith('{'))).RootElement).ToList();
        var figures = new Dictionary<string, double>(StringComparer.Ordinal)
        {
            [EntitiesPerSecond] = runs.Sum(r => r.GetProperty("entities_per_second").GetDouble()),
            [P99Ms] = runs.Max(r => r.GetProperty("p99_ms").GetDouble()),
            [CpuUsPerEntity] = runs.Average(r => r.GetProperty("cpu_us_per_entity").GetDouble()),
            [AllocatedBytesPerBatch] = runs.Average(r => r.GetProperty("allocated_bytes_per_batch").GetDouble()),
            [PeakRssMiB] = runs.Max(r => r.GetProperty("peak_rss_mib").GetDouble()),
            [FailedEntities] = runs.Sum(r => r.GetProperty("failed_batches").GetDouble()),
        };
        AddPeakRss(figures, timePaths);
        return figures;
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
