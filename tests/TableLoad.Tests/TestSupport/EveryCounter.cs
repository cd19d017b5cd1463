using System.Reflection;
using TableLoad.Measurement;

namespace TableLoad.Tests.TestSupport;

/// <summary>Every counter of <see cref="WindowCounts"/>, found by reflection, so a counter added later is in each test that uses these.</summary>
internal static class EveryCounter
{
    public static IReadOnlyList<PropertyInfo> Scalars { get; } =
        [.. typeof(WindowCounts).GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.PropertyType == typeof(long) && p.CanWrite)];

    /// <summary>Counts in which every counter, and every outcome, holds its own non-zero value, scaled by <paramref name="scale"/>.</summary>
    public static WindowCounts NonZero(long scale = 1)
    {
        var counts = new WindowCounts { ByOutcome = [.. Enumerable.Range(0, OutcomeTable.Count).Select(i => (1_000L + i) * scale)] };
        for (var i = 0; i < Scalars.Count; i++)
        {
            Scalars[i].SetValue(counts, (i + 1L) * scale);
        }

        return counts;
    }

    /// <summary>Each counter by name, and each outcome's count under its name.</summary>
    public static IReadOnlyDictionary<string, long> Of(WindowCounts counts) =>
        Scalars.Select(p => (p.Name, Value: (long)p.GetValue(counts)!))
            .Concat(OutcomeTable.Rows.Select(o => (o.Name, Value: counts[o.Outcome])))
            .ToDictionary(c => c.Name, c => c.Value);
}
