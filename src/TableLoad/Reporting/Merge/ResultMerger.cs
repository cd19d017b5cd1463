using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Reporting.Exporters;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Merge;

/// <summary>
/// Merges the result folders of several runs or instances as one coordinator would have: windows of
/// the same wall-clock second are added, histograms merged, never percentiles averaged; every other
/// figure merges by the rule its summary field declares (<see cref="SummaryMerge"/>). The merged
/// folder is written by the run's own writers: <see cref="PerSecondFiles"/> and the exporters.
/// </summary>
internal static class ResultMerger
{
    /// <summary>Checks that the folders can be one result, before anything is written; a <see cref="FormatException"/> says why not.</summary>
    public static MergePlan Plan(IReadOnlyList<ResultPart> parts)
    {
        SummaryMerge.Check(parts.Select(p => p.Summary).ToList());
        _ = MergedStages.Plan(parts);
        var seconds = MeasuredPeriods.Union(parts);
        var from = parts.Min(p => p.MeasuredPeriod().From);
        return new MergePlan(parts, new MeasuredPeriod(from, from + seconds));
    }

    /// <param name="thresholds">report's <c>--fail-if</c>, whose verdicts on the merged figures the merged summary.json records.</param>
    /// <param name="more">Sinks of the merged seconds beside the files', as a run has beside its own (the client's minutes for <c>--service-metrics</c>).</param>
    public static async Task<RunSummary> MergeAsync(MergePlan plan, string outputDirectory, string? label, IReadOnlyList<Threshold> thresholds, IReadOnlyList<IWindowSink>? more = null)
    {
        var parts = plan.Parts;
        Directory.CreateDirectory(outputDirectory);
        var start = parts.Min(p => p.StartedUtc);
        var rows = parts.Select(p => p.Intervals()).ToList();
        // Each folder's own warm-up flags decide; the shared end only labels the empty seconds filled in between.
        var warmupEnd = parts.Max(p => p.WarmupEndEpochSecond());
        var slices = parts[0].Slices;
        var totals = new RunTotals(slices);
        var stageTimeline = MergedStages.Timeline(parts, plan.Period);
        var stages = stageTimeline is null ? null : new StageTotals(stageTimeline);
        using (var perSecond = PerSecondFiles.Open(outputDirectory, start, stageTimeline, slices))
        {
            var pool = new WindowPool();
            List<IWindowSink> sinks = [totals, .. perSecond.Sinks, .. more ?? []];
            if (stages is not null)
            {
                sinks.Add(stages);
            }

            var merger = new WindowMerger(pool, warmupEnd, sinks, start.ToUnixTimeSeconds());
            for (var i = 0; i < parts.Count; i++)
            {
                var histograms = parts[i].Histograms();
                foreach (var row in rows[i])
                {
                    var window = pool.Rent(row.EpochSecond);
                    row.CopyTo(window, histograms);
                    merger.Add(window);
                }

                // Each operation's seconds join the whole's as slices of windows of their own, which the merger adds to the whole's.
                foreach (var slice in slices)
                {
                    var sliceHistograms = parts[i].Histograms(slice);
                    foreach (var row in parts[i].Intervals(slice))
                    {
                        var window = pool.Rent(row.EpochSecond);
                        window.Warmup = row.Warmup;
                        row.CopyTo(window.Slice(slice), sliceHistograms);
                        merger.Add(window);
                    }
                }
            }

            merger.Publish(long.MaxValue);
        }

        var measured = new MergedMeasurement(
            LatencySummary.From(totals.Latency),
            totals.Uncorrected is { } uncorrected ? LatencySummary.From(uncorrected) : null,
            totals.PeakEntitiesPerSecond,
            plan.MeasuredSeconds,
            RunConfidence.Of(totals.Blocks, plan.Period),
            stages?.Summaries(plan.MeasuredSeconds) ?? [])
        {
            PeakRequestUnitsPerSecond = totals.PeakRequestUnitsPerSecond,
            PeakSpentRequestUnitsPerSecond = totals.PeakSpentRequestUnitsPerSecond,
            Slices = (totals, plan.Period),
        };
        var oneRun = parts.Select(p => p.RunId).Distinct().Count() == 1;
        var rowNames = parts.Select(p => oneRun ? $"i{p.Run.Instance}" : p.RunId).ToList();
        var summary = SummaryMerge.Merge(parts.Select(p => p.Summary).ToList(), measured, rowNames, thresholds);
        if (label is not null)
        {
            summary = summary with { Label = label };
        }

        await SummaryJsonExporter.WriteAsync(outputDirectory, summary).ConfigureAwait(false);
        await RunJsonExporter.WriteAsync(outputDirectory, new MergedRunDescription(
            summary.RunId, summary.Label, start, parts.Max(p => p.Run.EndedUtc ?? p.StartedUtc),
            parts.Select(p => Path.GetFullPath(p.Path)).ToList(), parts.Select(p => p.Run).ToList(), OutcomeTable.Rows,
            ResultColumns.Latency)).ConfigureAwait(false);
        return summary;
    }
}

/// <summary>Folders that can be merged, and the union of their measured periods.</summary>
internal sealed record MergePlan(IReadOnlyList<ResultPart> Parts, MeasuredPeriod Period)
{
    public double MeasuredSeconds => Period.Seconds;
}

/// <summary>
/// run.json of a merged result: which folders it came from, how each was made, the outcomes of its own intervals.csv and the
/// latency columns of its table (absent in folders merged before they were recorded).
/// </summary>
internal sealed record MergedRunDescription(
    string RunId, string Label, DateTimeOffset StartedUtc, DateTimeOffset EndedUtc, IReadOnlyList<string> MergedFrom, IReadOnlyList<RunDescription> Parts, IReadOnlyList<OutcomeKind> Outcomes,
    IReadOnlyList<LatencyColumn>? LatencyColumns = null);
