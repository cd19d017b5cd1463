using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Settings;

namespace TableLoad.Reporting.Merge;

/// <summary>The stage plan the merged folders followed, read back from their summaries' <c>stages</c>, so a merge recomputes each stage's figures from the merged seconds.</summary>
internal static class MergedStages
{
    /// <summary>The plan every folder followed, or null when none followed one; a <see cref="FormatException"/> when they differ.</summary>
    public static StagePlan? Plan(IReadOnlyList<ResultPart> parts)
    {
        var plans = parts.Select(p => Of(p.Summary.Stages)).ToList();
        var texts = plans.Select(p => p is null ? "none" : $"{p.StartTarget}→{p.Text()}").Distinct(StringComparer.Ordinal).ToList();
        return texts.Count == 1
            ? plans[0]
            : throw new FormatException($"The folders follow different stage plans ({string.Join("; ", texts)}), so they are not one workload; report them separately.");
    }

    public static StageTimeline? Timeline(IReadOnlyList<ResultPart> parts, MeasuredPeriod period) =>
        Plan(parts) is { } plan ? new StageTimeline(plan, period.From) : null;

    private static StagePlan? Of(IReadOnlyList<StageSummary> stages) => stages.Count == 0
        ? null
        : new StagePlan(stages[0].StartTarget, [.. stages.Select(s => new Stage(TimeSpan.FromSeconds(s.EndS - s.StartS), s.EndTarget))]);
}
