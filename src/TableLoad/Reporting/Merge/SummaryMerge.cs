using System.Collections;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Reporting.Merge;

/// <summary>
/// Merges summaries field by field, each by the rule its <see cref="MergeAttribute"/> declares; a field
/// without one stops the merge, so a new figure cannot be merged by accident.
/// </summary>
internal static class SummaryMerge
{
    /// <summary>The merged summary; <paramref name="rowNames"/> name the parts in its <c>per_process</c> rows.</summary>
    /// <param name="thresholds">report's <c>--fail-if</c>, judged on the merged figures; each part keeps its own verdicts in its row.</param>
    public static RunSummary Merge(IReadOnlyList<RunSummary> parts, MergedMeasurement measured, IReadOnlyList<string> rowNames, IReadOnlyList<Threshold> thresholds)
    {
        var merged = (RunSummary)MergeFields(typeof(RunSummary), parts);
        var entities = merged.EntitiesSucceeded + merged.Warmup.EntitiesSucceeded;
        var rated = (merged with
        {
            LatencyMs = measured.Latency,
            UncorrectedLatencyMs = measured.Uncorrected,
            PeakEntitiesPerSecond = measured.PeakEntitiesPerSecond,
            Confidence = measured.Confidence,
            Stages = measured.Stages,
            MeasuredSeconds = measured.MeasuredSeconds,
            RequestUnits = merged.RequestUnits?.WithMergedHistogram(parts.Select(p => p.RequestUnits!), measured.PeakRequestUnitsPerSecond, measured.PeakSpentRequestUnitsPerSecond),
            Client = merged.Client with { CpuUsPerEntity = ClientUsage.PerEntity(merged.Client.UserCpuSeconds, merged.Client.SystemCpuSeconds, entities) },
            PerProcess = parts.Select((p, i) => p with { Row = rowNames[i] }).ToList(),
        }).WithRates();
        if (measured.Slices is var (totals, period))
        {
            rated = rated.WithOperations(totals, period);
        }

        return ThresholdJudge.Recorded(rated, thresholds).Summary;
    }

    /// <summary>Throws the <see cref="FormatException"/> a merge of these summaries would, before anything is written.</summary>
    public static void Check(IReadOnlyList<RunSummary> parts) => _ = MergeFields(typeof(RunSummary), parts);

    /// <summary>The rule of every settable property of <paramref name="type"/>; throws for one that declares none.</summary>
    public static IEnumerable<(PropertyInfo Property, MergeRule Rule)> Rules(Type type) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite).Select(p =>
            (p, p.GetCustomAttribute<MergeAttribute>()?.Rule ?? throw new InvalidOperationException($"{type.Name}.{p.Name} declares no merge rule.")));

    public static string JsonName(PropertyInfo property) =>
        property.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? JsonNamingPolicy.SnakeCaseLower.ConvertName(property.Name);

    private static object MergeFields(Type type, IEnumerable<object> values)
    {
        var parts = values.ToList();
        var merged = RuntimeHelpers.GetUninitializedObject(type);
        foreach (var (property, rule) in Rules(type))
        {
            property.SetValue(merged, MergeValues(rule, property, parts.Select(property.GetValue).ToList()));
        }

        return merged;
    }

    private static object? MergeValues(MergeRule rule, PropertyInfo property, IReadOnlyList<object?> values) => rule switch
    {
        MergeRule.Sum => Sum(property.PropertyType, values),
        MergeRule.Max => values.Max(),
        MergeRule.Min => values.Min(),
        MergeRule.Same => Same(property, values),
        MergeRule.Join => values.All(v => v is null) ? null : string.Join("+", values.OfType<string>().Distinct(StringComparer.Ordinal)),
        MergeRule.Concat => Concat(property.PropertyType, values),
        MergeRule.Fields => values.Any(v => v is null) ? null : MergeFields(property.PropertyType, values!),
        // Recomputed by the caller from the raw data or from the merged figures.
        MergeRule.Histogram or MergeRule.PerSecond or MergeRule.Union or MergeRule.Derived or MergeRule.Parts => null,
    };

    private static object? Sum(Type type, IReadOnlyList<object?> values)
    {
        if (type == typeof(int))
        {
            return values.Sum(v => (int)v!);
        }

        if (type == typeof(long))
        {
            return values.Sum(v => (long)v!);
        }

        if (type == typeof(double) || type == typeof(double?))
        {
            return values.All(v => v is null) ? null : values.Sum(v => (double?)v ?? 0);
        }

        if (type == typeof(IReadOnlyDictionary<string, long>))
        {
            // Keys in the order the parts have them: outcomes stay in their documented order.
            var sums = new Dictionary<string, long>(StringComparer.Ordinal);
            foreach (var (key, count) in values.Cast<IReadOnlyDictionary<string, long>>().SelectMany(d => d))
            {
                sums[key] = sums.GetValueOrDefault(key) + count;
            }

            return sums;
        }

        throw new InvalidOperationException($"{type.Name} cannot be summed.");
    }

    private static object? Same(PropertyInfo property, IReadOnlyList<object?> values)
    {
        var distinct = values.Distinct().ToList();
        return distinct.Count == 1
            ? distinct[0]
            : throw new FormatException(
                $"The folders differ in {JsonName(property)} ({string.Join(", ", distinct)}), so they are not one workload; report them separately.");
    }

    private static object Concat(Type type, IReadOnlyList<object?> values)
    {
        var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(type.GetGenericArguments()[0]))!;
        foreach (var item in values.OfType<IEnumerable>().SelectMany(v => v.Cast<object>()))
        {
            list.Add(item);
        }

        return list;
    }
}
