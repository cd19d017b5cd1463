using System.Reflection;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using TableLoad.Reporting.Merge;
using TableLoad.Settings.Gates;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Reporting.Merge;

/// <summary>
/// A figure whose rule leaves it to the caller (derived, from the histograms, per second, a union of periods, the
/// parts) is null in the field-by-field merge; only its recomputation in <see cref="SummaryMerge.Merge"/> fills it.
/// So a new such figure without its recomputation stays empty, and this test names it.
/// </summary>
public sealed class RecomputedFiguresTests
{
    private static readonly MergeRule[] RecomputedByCaller = [MergeRule.Derived, MergeRule.Histogram, MergeRule.PerSecond, MergeRule.Union, MergeRule.Parts];

    // Recomputed by report from the service's own data (--service-metrics, --service-log) or kept from a single folder, not merged from the parts:
    // absent from a merge without it.
    private static readonly string[] RecomputedFromTheService = ["RunSummary.Service"];

    [Fact]
    public void Merge_TwoRunSummaries_RecomputesEveryFigureItsRuleLeavesToTheCaller()
    {
        var latency = new LatencySummary(Count: 9_000, Min: 7.5, Median: 21.5, Mean: 23.25, Max: 990.5, P90: 31.5, P95: 36.5, P99: 50.5, P999: 130.5);
        var confidence = new RunConfidence { Level = 0.95, Blocks = 10, BlockSeconds = 6.1, MeanEntitiesPerSecond = new ConfidenceInterval(11_000, 12_000) };
        var measured = new MergedMeasurement(latency, latency with { P99 = 60.5 }, PeakEntitiesPerSecond: 24_500, MeasuredSeconds: 61, confidence, [RunSummaries.Stage(1)])
        {
            PeakRequestUnitsPerSecond = 151_000.5,
            PeakSpentRequestUnitsPerSecond = 152_000.5,
            // A run of scenarios: the operations' and the scenarios' figures are rebuilt from their slices of the merged seconds.
            Slices = (new RunTotals(["insert", "ingest", "ingest.insert"]), new MeasuredPeriod(0, 61)),
        };
        var first = RunSummaries.Create(peak: 12_000) with
        {
            UncorrectedLatencyMs = latency,
            Stored = new StoredCount(740_030, 740_030, Matches: true),
            StoppedBy = new StoppedBy("throttled>5% for 10s", 12, 7.5, 2_000),
            Preload = new PreloadSummary(1_000, 10, 1.5),
        };

        var merged = SummaryMerge.Merge([first, first with { PeakEntitiesPerSecond = 12_500 }], measured, ["p0", "p1"],
            [new Threshold(RunFigure.P99, ThresholdComparison.Below, 500, "p99<500ms")]);

        var empty = Unfilled(merged, nameof(RunSummary)).ToList();
        Assert.True(empty.Count == 0, $"Merged but not recomputed: {string.Join(", ", empty)}.");
    }

    /// <summary>The figures recomputed by the caller that hold their type's default, in every nested record merged field by field.</summary>
    private static IEnumerable<string> Unfilled(object merged, string path)
    {
        foreach (var (property, rule) in SummaryMerge.Rules(merged.GetType()))
        {
            var value = property.GetValue(merged);
            var name = $"{path}.{property.Name}";
            if (rule == MergeRule.Fields)
            {
                // Every nested record is present in the parts, so each must be walked.
                if (value is null)
                {
                    yield return name;
                    continue;
                }

                foreach (var inner in Unfilled(value, name))
                {
                    yield return inner;
                }
            }
            else if (RecomputedByCaller.Contains(rule) && IsDefault(property, value) && !RecomputedFromTheService.Contains(name))
            {
                yield return name;
            }
        }
    }

    private static bool IsDefault(PropertyInfo property, object? value) =>
        value is null || (property.PropertyType.IsValueType && value.Equals(Activator.CreateInstance(property.PropertyType)));
}
