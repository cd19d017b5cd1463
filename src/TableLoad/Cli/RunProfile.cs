using System.Collections;
using System.CommandLine;
using System.Globalization;
using System.Text.Json;

namespace TableLoad.Cli;

/// <summary>
/// The layers of run's options (<see cref="OptionLayers"/>): a profile, or a past run's run.json, which
/// records every option under the option's own name and in its own syntax, so it is read as a profile is.
/// </summary>
internal static class RunProfile
{
    /// <summary>What run.json records of that run alone: a repeat writes its own folder and table, at the target it is given now.</summary>
    public static readonly IReadOnlySet<string> OfThatRunAlone = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "output", "table", "endpoint", "shared_run", "start_at" };

    /// <param name="scenario">A scenario of the profile (<see cref="ScenarioProfile"/>), whose options override the profile's shared ones; null for the run's.</param>
    public static OptionLayers LayersOf(RunOptions options, string? scenario = null) => new()
    {
        Command = "run",
        Options = [.. options.All],
        Config = options.Config,
        CreateCommand = () => options.CreateCommand(),
        Secrets = [options.ConnectionString, options.Sas],
        Example = """{"batch_size": 50, "tasks": 8}""",
        OptionsIn = json => WithoutRecordedQueryDefaults(json, scenario is null ? Shared(json) : ScenarioProfile.Merged(Shared(json), json, scenario), options),
        Alternatives = [(options.Duration.Option, options.Stages)],
    };

    /// <summary>The parse of the command line with the profile and the environment in front of it.</summary>
    /// <exception cref="Settings.UsageException">The profile cannot be read, names no option, or holds a secret.</exception>
    public static ParseResult Apply(ParseResult commandLine, RunOptions options, IDictionary environment) =>
        LayersOf(options).Apply(commandLine, environment);

    /// <summary>
    /// run.json records a query's shape for every load, at its defaults where nothing queried; left out, they repeat the same run and
    /// are not taken for options given to a load that sends no query, which is refused.
    /// </summary>
    private static IEnumerable<(string Key, JsonElement Value)> WithoutRecordedQueryDefaults(JsonElement json, IEnumerable<(string Key, JsonElement Value)> fields, RunOptions options)
    {
        if (!json.TryGetProperty("options", out var recorded) || recorded.ValueKind != JsonValueKind.Object)
        {
            return fields;
        }

        var defaults = new Option[] { options.QueryLength, options.PageSize.Option }
            .ToDictionary(OptionLayers.Key, o => Convert.ToString(o.GetDefaultValue(), CultureInfo.InvariantCulture), StringComparer.OrdinalIgnoreCase);
        return fields.Where(f => !(defaults.TryGetValue(f.Key, out var byDefault)
            && (f.Value.ValueKind == JsonValueKind.String ? f.Value.GetString() : f.Value.GetRawText()) == byDefault));
    }

    // The scenarios are read apart, each a layer of its own over the options shared by all of them.
    private static IEnumerable<(string Key, JsonElement Value)> Shared(JsonElement json) =>
        OptionsIn(json).Where(f => !f.Key.Equals(ScenarioProfile.Key, StringComparison.OrdinalIgnoreCase));

    // A run.json keeps its options under "options" and its label beside them, which a repeat carries on.
    private static IEnumerable<(string Key, JsonElement Value)> OptionsIn(JsonElement json)
    {
        if (!json.TryGetProperty("options", out var recorded) || recorded.ValueKind != JsonValueKind.Object)
        {
            return OptionLayers.Fields(json);
        }

        var options = OptionLayers.Fields(recorded).Where(field => !OfThatRunAlone.Contains(field.Key));
        return json.TryGetProperty("label", out var label) && label.ValueKind == JsonValueKind.String && label.GetString() is { Length: > 0 }
            ? options.Append(("label", label))
            : options;
    }
}
