using System.CommandLine;
using System.Text.Json;
using System.Text.RegularExpressions;
using TableLoad.Measurement.Gates;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>
/// A profile's <c>scenarios</c>: loads a run sends at once, each an object of the options a scenario holds apart (<see cref="OptionsOf"/>),
/// under their snake_case names; every option outside it is shared by all of them. A past run's run.json keeps them in its <c>options</c>.
/// </summary>
internal static partial class ScenarioProfile
{
    public const string Key = "scenarios";

    public const string Example = """{"scenarios": {"ingest": {"operation": "insert", "tasks": 2}, "lookups": {"operation": "read", "tasks": 2, "key_space": 500, "preload": true}}}""";

    /// <summary>A scenario's name goes into file names (intervals-NAME.csv) and gate scopes (NAME.p99).</summary>
    private const int MaxNameLength = 40;

    /// <summary>The options a scenario may set, its load; every other option is the run's and stays outside <c>scenarios</c>.</summary>
    public static IReadOnlyList<Option> OptionsOf(RunOptions options) =>
    [
        options.Tasks.Option, options.Rate.Option, options.Operation, options.Mix, options.Workload, options.BatchSize.Option, options.EntitySize.Option,
        options.Properties.Option, options.Entity, options.KeySpace.Option, options.Preload, options.KeyDistribution, options.QueryLength,
        options.PageSize.Option, options.Partitions, options.Batches.Option, options.MaxEntities, options.Stages,
    ];

    /// <summary>The options that say what a scenario sends: each scenario's own, never shared.</summary>
    public static IReadOnlyList<Option> OwnOptions(RunOptions options) => [options.Operation, options.Mix, options.Workload];

    /// <summary>The names of the profile's scenarios in its order; empty when it has none, or when the profile cannot be read (its layer says why).</summary>
    /// <exception cref="Settings.UsageException">A scenario's name or options are refused, one sentence each.</exception>
    public static IReadOnlyList<string> Names(string? configFile, RunOptions options)
    {
        if (configFile is null || Read(configFile) is not { } root || In(root) is not { } scenarios)
        {
            return [];
        }

        var errors = new UsageErrors();
        if (!errors.Require(scenarios.ValueKind == JsonValueKind.Object && scenarios.EnumerateObject().Any(),
            $"--config {configFile}: {Key} must be an object of at least one named scenario, such as {Example}."))
        {
            errors.ThrowIfAny();
        }

        var allowed = OptionsOf(options).Select(OptionLayers.Key).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var known = options.All.Select(OptionLayers.Key).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var names = new List<string>();
        foreach (var scenario in scenarios.EnumerateObject())
        {
            var name = scenario.Name;
            // JSON allows a name twice, and the later object would silently stand for both.
            if (!errors.Require(!names.Contains(name, StringComparer.Ordinal), $"--config {configFile}: the scenario '{name}' is named twice; give each scenario a name of its own."))
            {
                continue;
            }

            names.Add(name);
            if (!errors.Require(NamePattern().IsMatch(name) && name.Length <= MaxNameLength,
                $"--config {configFile}: the scenario '{name}' needs a name of 1 to {MaxNameLength} lower-case letters, digits or '-', as it goes into file names."))
            {
                continue;
            }

            errors.Require(!TableOperationNames.TryParse(name, out _) && !RunFigures.TryParse(name, out _),
                $"--config {configFile}: the scenario '{name}' is named like {(TableOperationNames.TryParse(name, out _) ? "an operation" : "a figure")}, which a gate such as {name}.p99<20ms could not tell apart: name it otherwise.");
            if (!errors.Require(scenario.Value.ValueKind == JsonValueKind.Object,
                $"--config {configFile}: the scenario '{name}' must be an object of options, such as {{\"operation\": \"read\", \"tasks\": 2}}."))
            {
                continue;
            }

            foreach (var field in scenario.Value.EnumerateObject())
            {
                errors.Require(allowed.Contains(field.Name), !known.Contains(field.Name)
                    ? $"--config {configFile}: the scenario '{name}' has '{field.Name}', which is not an option of tableload run; a scenario takes {string.Join(", ", allowed.Order(StringComparer.Ordinal))}."
                    : $"--config {configFile}: the scenario '{name}' sets {field.Name}, which is the whole run's: give it outside {Key}, for every scenario at once.");
            }
        }

        errors.ThrowIfAny();
        return names;
    }

    /// <summary>The <c>scenarios</c> of a profile, or of a past run's run.json (under its options); null when it has none.</summary>
    public static JsonElement? In(JsonElement root)
    {
        var options = root.ValueKind == JsonValueKind.Object && root.TryGetProperty("options", out var recorded) && recorded.ValueKind == JsonValueKind.Object ? recorded : root;
        return options.ValueKind == JsonValueKind.Object && options.TryGetProperty(Key, out var scenarios) && scenarios.ValueKind != JsonValueKind.Null ? scenarios : null;
    }

    /// <summary>
    /// The fields of scenario <paramref name="name"/> in front of the profile's shared ones, which it overrides; a scenario's stages stand in
    /// for the shared duration, which they must last (<see cref="ScenarioSettingsFactory"/> checks it).
    /// </summary>
    public static IEnumerable<(string Key, JsonElement Value)> Merged(IEnumerable<(string Key, JsonElement Value)> shared, JsonElement root, string name)
    {
        var own = In(root)!.Value.GetProperty(name).EnumerateObject().Select(f => (Key: f.Name, f.Value)).ToList();
        var ownKeys = own.Select(f => f.Key).ToHashSet(StringComparer.OrdinalIgnoreCase);
        if (ownKeys.Contains(StagesKey))
        {
            ownKeys.Add(DurationKey);
        }

        return shared.Where(f => !ownKeys.Contains(f.Key)).Concat(own);
    }

    private const string StagesKey = "stages";

    private const string DurationKey = "duration";

    private static JsonElement? Read(string path)
    {
        try
        {
            using var document = JsonDocument.Parse(File.ReadAllText(path), new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip });
            return document.RootElement.Clone();
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }

    [GeneratedRegex("^[a-z0-9-]+$")]
    private static partial Regex NamePattern();
}
