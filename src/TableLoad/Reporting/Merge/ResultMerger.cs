using System.Text.Json;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;

namespace TableLoad.Reporting.Merge;

/// <summary>
/// Merges the result folders of several runs or instances as one coordinator would have: windows of
/// the same wall-clock second are added, histograms merged, never percentiles averaged.
/// </summary>
internal static class ResultMerger
{
    public static async Task<RunSummary> MergeAsync(IReadOnlyList<ResultPart> parts, string outputDirectory, string? label)
    {
        Directory.CreateDirectory(outputDirectory);
        var start = parts.Min(p => p.StartedUtc);
        var rows = parts.Select(p => p.Intervals()).ToList();
        // Each folder's own warm-up flags decide; the shared end only labels the empty seconds filled in between.
        var warmupEnd = parts.Max(p => p.WarmupEndEpochSecond());
        var totals = new RunTotals();
        using (var intervals = new IntervalCsvWriter(new StreamWriter(Path.Combine(outputDirectory, "intervals.csv")), start.ToUnixTimeSeconds()))
        using (var hlog = new HistogramLogSink(new StreamWriter(Path.Combine(outputDirectory, "latency.hlog")), start))
        {
            var pool = new WindowPool();
            var merger = new WindowMerger(pool, warmupEnd, [totals, intervals, hlog], start.ToUnixTimeSeconds());
            for (var i = 0; i < parts.Count; i++)
            {
                var histograms = parts[i].Histograms();
                foreach (var row in rows[i])
                {
                    var window = pool.Rent(row.EpochSecond);
                    row.CopyTo(window, histograms);
                    merger.Add(window);
                }
            }

            merger.Publish(long.MaxValue);
        }

        var summary = Summarise(parts, totals, label);
        await ResultJson.WriteAsync(Path.Combine(outputDirectory, "summary.json"), summary).ConfigureAwait(false);
        await ResultJson.WriteAsync(Path.Combine(outputDirectory, "run.json"), new MergedRunDescription(
            summary.RunId, summary.Label, start, parts.Max(p => p.Run.TryGetProperty("ended_utc", out var e) && e.ValueKind == JsonValueKind.String ? e.GetDateTimeOffset() : p.StartedUtc),
            parts.Select(p => Path.GetFullPath(p.Path)).ToList(), parts.Select(p => p.Run).ToList())).ConfigureAwait(false);
        return summary;
    }

    private static RunSummary Summarise(IReadOnlyList<ResultPart> parts, RunTotals totals, string? label)
    {
        var first = parts[0].Summary;
        var identity = new RunIdentity(
            label is null ? parts[0].RunId : string.Join("+", parts.Select(p => p.RunId).Distinct()),
            label ?? parts[0].Label,
            first.GetProperty("tasks").GetInt32(),
            first.GetProperty("batch_size").GetInt32(),
            first.GetProperty("entity_size").GetInt32(),
            first.GetProperty("partitions").GetString() ?? "",
            first.TryGetProperty("rate", out var rate) && rate.ValueKind == JsonValueKind.Number ? rate.GetDouble() : null,
            string.Join("+", parts.Select(p => p.Client).Distinct()));

        foreach (var part in parts)
        {
            foreach (var code in part.Summary.GetProperty("rejected_by_code").EnumerateObject())
            {
                totals.RejectedByCode[code.Name] = totals.RejectedByCode.GetValueOrDefault(code.Name) + code.Value.GetInt64();
            }
        }

        var statuses = parts.Select(p => p.Summary.GetProperty("status").GetString()).ToList();
        var status = statuses.All(s => s == "complete") ? RunStatus.Complete
            : statuses.Contains("partial") ? RunStatus.Partial
            : RunStatus.Interrupted;
        var measuredSeconds = parts.Max(p => p.Summary.GetProperty("measured_seconds").GetDouble());
        var processes = parts.Sum(p => p.Summary.GetProperty("processes").GetInt32());
        return RunSummary.Create(identity, totals, measuredSeconds, status, processes, ClientOf(parts)) with
        {
            LateBatches = parts.Sum(p => p.Summary.TryGetProperty("late_batches", out var late) ? late.GetInt64() : 0),
        };
    }

    private static ClientUsage ClientOf(IReadOnlyList<ResultPart> parts)
    {
        double user = 0, system = 0;
        int gen0 = 0, gen1 = 0, gen2 = 0;
        long entities = 0;
        var reasons = new List<string>();
        foreach (var part in parts)
        {
            var c = part.Summary.GetProperty("client");
            user += c.GetProperty("user_cpu_seconds").GetDouble();
            system += c.GetProperty("system_cpu_seconds").GetDouble();
            gen0 += c.GetProperty("gc_gen0").GetInt32();
            gen1 += c.GetProperty("gc_gen1").GetInt32();
            gen2 += c.GetProperty("gc_gen2").GetInt32();
            entities += part.Summary.GetProperty("entities_succeeded").GetInt64() + part.Summary.GetProperty("warmup").GetProperty("entities_succeeded").GetInt64();
            if (c.TryGetProperty("saturation_reasons", out var partReasons))
            {
                reasons.AddRange(partReasons.EnumerateArray().Select(r => $"{part.RunId}: {r.GetString()}"));
            }
        }

        return new ClientUsage(user, system, entities > 0 ? (user + system) * 1e6 / entities : 0, gen0, gen1, gen2) { SaturationReasons = reasons };
    }
}

/// <summary>run.json of a merged result: which folders it came from, and how each was made.</summary>
internal sealed record MergedRunDescription(string RunId, string Label, DateTimeOffset StartedUtc, DateTimeOffset EndedUtc, IReadOnlyList<string> MergedFrom, IReadOnlyList<JsonElement> Parts);
