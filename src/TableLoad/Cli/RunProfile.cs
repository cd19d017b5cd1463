using System.Collections;
using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using Microsoft.Extensions.Configuration;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// The run's options in three layers, each overriding the one before: a profile (<c>--config</c>: a JSON
/// object with options under their snake_case names, or a past run's run.json), then <c>TABLELOAD_*</c>
/// environment variables, then the command line. The first two are folded in front of the command
/// line the options are declared for, so parsing, validation and --help stay with that one declaration.
/// </summary>
internal static class RunProfile
{
    public const string EnvironmentPrefix = "TABLELOAD_";

    // run.json records these options under names of their own: seconds as numbers, the batch log as a yes.
    private static readonly Dictionary<string, (string Option, Func<string, string> Value)> RecordedAs = new(StringComparer.OrdinalIgnoreCase)
    {
        ["duration_s"] = ("duration", seconds => seconds + "s"),
        ["warmup_s"] = ("warmup", seconds => seconds + "s"),
        ["timeout_s"] = ("timeout", seconds => seconds + "s"),
        ["batch_log"] = ("no_batch_log", written => bool.Parse(written) ? "false" : "true"),
    };

    /// <summary>What run.json records of that run alone: a repeat writes its own folder and table, at the target it is given now.</summary>
    public static readonly IReadOnlySet<string> OfThatRunAlone = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "output", "table", "endpoint", "shared_run", "start_at" };

    /// <summary>The name under which run.json's <c>options</c> records an option's value.</summary>
    public static string RecordedKey(Option option) =>
        RecordedAs.FirstOrDefault(r => r.Value.Option == Key(option)).Key ?? Key(option);

    /// <summary>The parse of the command line with the profile and the environment in front of it.</summary>
    /// <exception cref="UsageException">The profile cannot be read, names no option, or holds a secret.</exception>
    public static ParseResult Apply(ParseResult commandLine, RunOptions options, IDictionary environment)
    {
        var configFile = commandLine.GetValue(options.Config);
        var secrets = new[] { Key(options.ConnectionString), Key(options.Sas) };
        var layers = new ConfigurationBuilder()
            .AddInMemoryCollection(configFile is null ? [] : ReadProfile(configFile, options, secrets))
            .AddInMemoryCollection(FromEnvironment(environment, secrets))
            .Build();

        var front = new List<string>();
        foreach (var option in options.All.Where(o => o != options.Config && commandLine.GetResult(o) is not { Implicit: false }))
        {
            if (layers[Key(option)] is { Length: > 0 } value)
            {
                front.Add(option.Name);
                front.Add(value);
            }
        }

        if (front.Count == 0)
        {
            return commandLine;
        }

        // The same run command again, with the options every command has (--verbosity), wherever they stood.
        var run = options.CreateCommand();
        run.Add(TableLoadCli.Verbosity);
        var layered = run.Parse([.. front, .. commandLine.Tokens.Where(t => t.Type != System.CommandLine.Parsing.TokenType.Command).Select(t => t.Value)]);
        if (layered.Errors.Count > 0)
        {
            throw new UsageException($"{layered.Errors[0].Message.TrimEnd('.')} (a value from {(configFile is null ? "" : configFile + " or ")}the {EnvironmentPrefix}* environment).");
        }

        return layered;
    }

    /// <summary>An option's name in a profile, in run.json and (upper case, after the prefix) in the environment.</summary>
    public static string Key(Option option) => option.Name.TrimStart('-').Replace('-', '_');

    private static Dictionary<string, string?> ReadProfile(string path, RunOptions options, string[] secrets)
    {
        IConfigurationRoot file;
        try
        {
            file = new ConfigurationBuilder().AddJsonFile(Path.GetFullPath(path), optional: false).Build();
        }
        catch (Exception ex) when (ex is FileNotFoundException or DirectoryNotFoundException)
        {
            throw new UsageException($"--config {path}: no such file.");
        }
        catch (Exception ex) when (ex is InvalidDataException or FormatException or JsonException)
        {
            throw new UsageException($"--config {path} is not a JSON object of options such as {{\"batch_size\": 50, \"tasks\": 8}}.");
        }

        // A run.json keeps its options under "options"; a profile is the options themselves.
        var recorded = file.GetSection("options");
        var entries = recorded.Exists() ? recorded.GetChildren() : file.GetChildren();
        var keys = options.All.Select(Key).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var values = new Dictionary<string, string?>(StringComparer.OrdinalIgnoreCase);
        foreach (var entry in entries)
        {
            if (secrets.Contains(entry.Key, StringComparer.OrdinalIgnoreCase))
            {
                throw new UsageException($"--config {path} holds {entry.Key}, a secret: give it in ${EnvironmentPrefix}{entry.Key.ToUpperInvariant()} instead, which no file keeps.");
            }

            if (OfThatRunAlone.Contains(entry.Key) && recorded.Exists())
            {
                continue;
            }

            var (key, value) = RecordedAs.TryGetValue(entry.Key, out var translate) && recorded.Exists() && entry.Value is not null
                ? (translate.Option, translate.Value(entry.Value))
                : (entry.Key, entry.Value);
            if (!keys.Contains(key))
            {
                throw new UsageException($"--config {path} has '{entry.Key}', which is not an option of tableload run; see 'tableload run --help' (names are written with underscores, e.g. batch_size).");
            }

            values[key] = value;
        }

        // A run's label is recorded beside its options, and a repeat carries it on.
        if (recorded.Exists() && file["label"] is { Length: > 0 } label)
        {
            values.TryAdd("label", label);
        }

        return values;
    }

    /// <summary>TABLELOAD_BATCH_SIZE=50 and the like; the secrets' variables are read where the target is made.</summary>
    private static Dictionary<string, string?> FromEnvironment(IDictionary environment, string[] secrets)
    {
        var values = new Dictionary<string, string?>(StringComparer.OrdinalIgnoreCase);
        foreach (DictionaryEntry variable in environment)
        {
            if (variable.Key is string name && name.StartsWith(EnvironmentPrefix, StringComparison.OrdinalIgnoreCase)
                && name[EnvironmentPrefix.Length..] is var key && !secrets.Contains(key, StringComparer.OrdinalIgnoreCase))
            {
                values[key.ToLower(CultureInfo.InvariantCulture)] = variable.Value as string;
            }
        }

        return values;
    }
}
