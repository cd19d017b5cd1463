using System.Collections;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.Text.Json;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// A command's options in three layers, each overriding the one before: a profile (<c>--config</c>: a
/// JSON object with options under their snake_case names), then <c>TABLELOAD_*</c> environment variables,
/// then the command line. The first two are folded in front of the command line the options are declared
/// for, so parsing, validation and --help stay with that one declaration, and the names with the options.
/// </summary>
internal sealed class OptionLayers
{
    public const string EnvironmentPrefix = "TABLELOAD_";

    /// <summary>The command's name, as refusals and --help name it (run, proxy).</summary>
    public required string Command { get; init; }

    /// <summary>Every option of the command, <see cref="Config"/> among them.</summary>
    public required IReadOnlyList<Option> Options { get; init; }

    public required Option<string?> Config { get; init; }

    /// <summary>A small profile of this command, for the sentences that say what a profile looks like.</summary>
    public required string Example { get; init; }

    /// <summary>A command holding <see cref="Options"/>, to parse the layers and the command line together.</summary>
    public required Func<Command> CreateCommand { get; init; }

    /// <summary>Options no file keeps: a profile naming one is refused, and their variables are read where they are used.</summary>
    public IReadOnlyList<Option> Secrets { get; init; } = [];

    /// <summary>Pairs of options that exclude each other (--duration, --stages): one given in a higher layer drops the other from the layers below it.</summary>
    public IReadOnlyList<(Option One, Option Other)> Alternatives { get; init; } = [];

    /// <summary>The fields of a profile that are options; run uses it to read a past run's run.json as a profile.</summary>
    public Func<JsonElement, IEnumerable<(string Key, JsonElement Value)>> OptionsIn { get; init; } = Fields;

    /// <summary>An option's name in a profile, in run.json and (upper case, after the prefix) in the environment.</summary>
    public static string Key(Option option) => option.Name.TrimStart('-').Replace('-', '_');

    /// <summary>Every field of a JSON object.</summary>
    public static IEnumerable<(string Key, JsonElement Value)> Fields(JsonElement json) => json.EnumerateObject().Select(f => (f.Name, f.Value));

    /// <summary>The parse of the command line with the profile and the environment in front of it.</summary>
    /// <exception cref="UsageException">The profile cannot be read, names no option, holds a secret or a value of the wrong kind.</exception>
    public ParseResult Apply(ParseResult commandLine, IDictionary environment) => Layer(commandLine, environment).Parse;

    /// <summary>As <see cref="Apply"/>, and where each value from a layer came from, so that its refusal can say so.</summary>
    /// <exception cref="UsageException">The profile cannot be read, names no option, holds a secret or a value of the wrong kind.</exception>
    public LayeredParse Layer(ParseResult commandLine, IDictionary environment)
    {
        var configFile = commandLine.GetValue(Config);
        var profile = configFile is null ? new Dictionary<string, string>() : ReadProfile(configFile);
        var variables = FromEnvironment(environment);

        var front = new List<string>();
        var sources = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var option in Options.Where(o => o != Config && !Secrets.Contains(o) && commandLine.GetResult(o) is not { Implicit: false }))
        {
            var key = Key(option);
            var fromVariable = variables.GetValueOrDefault(key);
            if ((fromVariable ?? profile.GetValueOrDefault(key)) is { Length: > 0 } value && !OverriddenByAlternative(option, fromVariable is not null, commandLine, variables))
            {
                front.Add(option.Name);
                front.Add(value);
                sources[option.Name] = fromVariable is null ? $"--config {configFile}" : $"${EnvironmentPrefix}{key.ToUpperInvariant()}";
            }
        }

        if (front.Count == 0)
        {
            return new LayeredParse(commandLine, sources);
        }

        // The same command again, with the options every command has (--verbosity), wherever they stood.
        var command = CreateCommand();
        command.Add(TableLoadCli.Verbosity);
        var layered = command.Parse([.. front, .. commandLine.Tokens.Where(t => t.Type != TokenType.Command).Select(t => t.Value)]);
        if (layered.Errors.Count > 0)
        {
            var from = $"a value from {(configFile is null ? "" : configFile + " or ")}the {EnvironmentPrefix}* environment";
            throw new UsageException(string.Join(Environment.NewLine, layered.Errors.Select(e => Sourced(e, sources, from)).Distinct()));
        }

        return new LayeredParse(layered, sources);
    }

    // The command line overrides the environment, which overrides the profile: an alternative given higher up wins.
    private bool OverriddenByAlternative(Option option, bool fromVariable, ParseResult commandLine, Dictionary<string, string> variables) =>
        Alternatives.SelectMany(a => a.One == option ? [a.Other] : a.Other == option ? new[] { a.One } : []).Any(other =>
            commandLine.GetResult(other) is { Implicit: false } || (!fromVariable && variables.GetValueOrDefault(Key(other)) is { Length: > 0 }));

    // "--tasks 'zero' is not a whole number (from $TABLELOAD_TASKS)."; a fault the parser words itself says only which layers it may come from.
    private static string Sourced(ParseError error, Dictionary<string, string> sources, string from) =>
        ParseFaults.ValueFault(error) is { } fault
            ? $"{fault} (from {sources.GetValueOrDefault(fault[..fault.IndexOf(' ', StringComparison.Ordinal)], from)})."
            : $"{error.Message.TrimEnd('.')} ({from}).";

    private Dictionary<string, string> ReadProfile(string path)
    {
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(File.ReadAllText(path), new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip });
        }
        catch (Exception ex) when (ex is FileNotFoundException or DirectoryNotFoundException)
        {
            throw new UsageException($"--config {path}: no such file.");
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"--config {path} cannot be read ({ex.GetType().Name}).");
        }
        catch (JsonException)
        {
            throw new UsageException($"--config {path} is not a JSON object of options such as {Example}.");
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new UsageException($"--config {path} is not a JSON object of options such as {Example}.");
            }

            var byKey = Options.Where(o => o != Config).ToDictionary(Key, StringComparer.OrdinalIgnoreCase);
            var values = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            foreach (var (key, value) in OptionsIn(document.RootElement))
            {
                if (Secrets.Any(s => Key(s).Equals(key, StringComparison.OrdinalIgnoreCase)))
                {
                    throw new UsageException($"--config {path} holds {key}, a secret: give it in ${EnvironmentPrefix}{key.ToUpperInvariant()} instead, which no file keeps.");
                }

                if (!byKey.TryGetValue(key, out var option))
                {
                    throw new UsageException($"--config {path} has '{key}', which is not an option of tableload {Command}; see 'tableload {Command} --help' (names are written with underscores, as in {Example}).");
                }

                if (Token(value, option) is { } token)
                {
                    values[Key(option)] = token;
                }
                else if (value.ValueKind != JsonValueKind.Null)
                {
                    throw new UsageException($"In --config {path}, {key} must be {KindOf(option)}, not {value.GetRawText()}.");
                }
            }

            return values;
        }
    }

    /// <summary>The value as the command line would give it, or null when its JSON kind is not the option's (a null stands for "not given").</summary>
    private static string? Token(JsonElement value, Option option)
    {
        var type = Nullable.GetUnderlyingType(option.ValueType) ?? option.ValueType;
        return value.ValueKind switch
        {
            // A repeatable option (--abort-if) takes one string in a profile: its conditions separated by commas, as run.json records them.
            JsonValueKind.String when type == typeof(string) || type == typeof(string[]) => value.GetString(),
            JsonValueKind.True or JsonValueKind.False when type == typeof(bool) => value.GetBoolean() ? "true" : "false",
            JsonValueKind.Number when type == typeof(double) => value.GetRawText(),
            // A rate is a number of entities per second, as every run.json before its unit wrote it, or a string with its unit ("2000rps").
            JsonValueKind.Number when type == typeof(RateTarget) => value.GetRawText(),
            JsonValueKind.String when type == typeof(RateTarget) => value.GetString(),
            JsonValueKind.Number when IsWhole(type) && value.TryGetInt64(out var whole) => whole.ToString(CultureInfo.InvariantCulture),
            // An option of text that takes a number among its forms (--query-length 10 or 1..100): run.json records the number as one.
            JsonValueKind.Number when type == typeof(string) && TakesNumbers(option) && value.TryGetInt64(out var number) => number.ToString(CultureInfo.InvariantCulture),
            _ => null,
        };
    }

    private static bool IsWhole(Type type) => type == typeof(int) || type == typeof(long);

    /// <summary>Whether an option of text takes a whole number as one of its forms: its default is one.</summary>
    private static bool TakesNumbers(Option option) =>
        option.HasDefaultValue && option.GetDefaultValue() is string text && long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out _);

    /// <summary>"a whole number", "true or false", "a string such as \"60s\"": what a value of <paramref name="option"/> is.</summary>
    public static string KindOf(Option option)
    {
        var type = Nullable.GetUnderlyingType(option.ValueType) ?? option.ValueType;
        return type == typeof(bool) ? "true or false"
            : type == typeof(double) ? "a number"
            : type == typeof(RateTarget) ? $"a rate such as {RateTarget.Forms}"
            : IsWhole(type) ? "a whole number"
            : option.HasDefaultValue && option.GetDefaultValue() is string { Length: > 0 } example ? $"a string such as \"{example}\""
            : "a string";
    }

    /// <summary>TABLELOAD_BATCH_SIZE=50 and the like, by key; the secrets' variables are read where they are used.</summary>
    private Dictionary<string, string> FromEnvironment(IDictionary environment)
    {
        var values = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (DictionaryEntry variable in environment)
        {
            if (variable.Key is string name && name.StartsWith(EnvironmentPrefix, StringComparison.OrdinalIgnoreCase)
                && variable.Value is string value && !Secrets.Any(s => Key(s).Equals(name[EnvironmentPrefix.Length..], StringComparison.OrdinalIgnoreCase)))
            {
                values[name[EnvironmentPrefix.Length..]] = value;
            }
        }

        return values;
    }
}
