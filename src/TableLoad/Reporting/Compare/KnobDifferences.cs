using System.Text.Json;
using System.Text.Json.Nodes;

namespace TableLoad.Reporting.Compare;

/// <summary>The recorded options that shape the load and differ between two sides, so a comparison says what changed.</summary>
internal static class KnobDifferences
{
    // The recorded options marked as no knob where they are declared, under the names run.json gives them.
    private static readonly HashSet<string> NotKnobs = typeof(RecordedRunOptions).GetProperties()
        .Where(p => p.IsDefined(typeof(NotKnobAttribute), inherit: false))
        .Select(p => JsonNamingPolicy.SnakeCaseLower.ConvertName(p.Name))
        .ToHashSet(StringComparer.Ordinal);

    /// <summary>One entry per differing knob: its name and each side's values (several when a side's repeats differ).</summary>
    public static IReadOnlyList<KnobDifference> Between(ComparedSide baseSide, ComparedSide newSide)
    {
        var before = Values(baseSide);
        var after = Values(newSide);
        return [.. before.Keys.Union(after.Keys).Order(StringComparer.Ordinal)
            .Select(name => new KnobDifference(name, before.GetValueOrDefault(name, "(not recorded)"), after.GetValueOrDefault(name, "(not recorded)")))
            .Where(d => d.Base != d.New)];
    }

    private static Dictionary<string, string> Values(ComparedSide side)
    {
        var values = new Dictionary<string, SortedSet<string>>(StringComparer.Ordinal);
        foreach (var run in side.Runs.Where(r => r.Options is not null))
        {
            var json = JsonNode.Parse(ResultJson.Serialize(run.Options!))!.AsObject();
            foreach (var (name, node) in json)
            {
                if (!NotKnobs.Contains(name))
                {
                    var set = values.TryGetValue(name, out var existing) ? existing : values[name] = new SortedSet<string>(StringComparer.Ordinal);
                    set.Add(node switch
                    {
                        null => "none",
                        JsonValue value when value.TryGetValue<string>(out var text) => text,
                        _ => node.ToJsonString(),
                    });
                }
            }
        }

        return values.ToDictionary(kv => kv.Key, kv => string.Join(" | ", kv.Value), StringComparer.Ordinal);
    }
}

internal sealed record KnobDifference(string Name, string Base, string New);
