using System.Globalization;
using System.Text.Json;

namespace TableLoad.Workload;

/// <summary>
/// Reads a sample entity in the Table service's JSON format (as Storage Explorer, <c>az storage entity show</c>
/// or the REST API give it) and checks it against the service's limits. Its faults are a
/// <see cref="FormatException"/> of one sentence per fault (every property's at once), each starting with <c>--entity FILE</c>.
/// </summary>
internal static class SampleEntityReader
{
    public const int MaxStringChars = EntityTemplate.MaxPropertyBytes / 2;
    public const int MaxNameLength = 255;
    private const string TypeSuffix = "@odata.type";

    // System members a copied entity holds, which TableLoad replaces (keys) or the service sets (Timestamp, etag).
    private static readonly HashSet<string> SystemMembers = new(StringComparer.Ordinal) { "PartitionKey", "RowKey", "Timestamp", "etag" };
    private static readonly string[] Reserved = ["PartitionKey", "RowKey", "Timestamp", EntityTemplate.NonceProperty];

    /// <exception cref="FormatException">The file cannot be read, or is not an entity the service would store.</exception>
    public static SampleEntity Read(string file)
    {
        string text;
        try
        {
            text = File.ReadAllText(file);
        }
        catch (Exception ex) when (ex is FileNotFoundException or DirectoryNotFoundException)
        {
            throw new FormatException($"--entity {file}: no such file.");
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new FormatException($"--entity {file} cannot be read ({ex.GetType().Name}).");
        }

        return Parse(file, text);
    }

    /// <exception cref="FormatException">The text is not an entity the service would store.</exception>
    public static SampleEntity Parse(string file, string json)
    {
        var notObject = $"--entity {file} is not a JSON object of properties such as {{\"Name\": \"Ada\", \"Count\": 5}}.";
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(json, new JsonDocumentOptions { AllowDuplicateProperties = false });
        }
        catch (JsonException malformed)
        {
            throw new FormatException($"--entity {file} is not valid JSON: {Where(malformed)}.");
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                throw new FormatException(notObject);
            }

            return Properties(file, document.RootElement);
        }
    }

    private static SampleEntity Properties(string file, JsonElement entity)
    {
        var ignored = new List<string>();
        var types = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
        var values = new List<JsonProperty>();
        foreach (var member in entity.EnumerateObject())
        {
            var name = member.Name;
            var owner = name.EndsWith(TypeSuffix, StringComparison.Ordinal) ? name[..^TypeSuffix.Length] : name;
            if (owner.StartsWith("odata.", StringComparison.Ordinal) || SystemMembers.Contains(owner))
            {
                if (owner == name)
                {
                    ignored.Add(name);
                }
            }
            else if (owner != name)
            {
                types[owner] = member.Value;
            }
            else
            {
                values.Add(member);
            }
        }

        if (types.Keys.FirstOrDefault(owner => !values.Any(v => v.Name == owner)) is { } orphan)
        {
            throw new FormatException($"--entity {file}: '{orphan}{TypeSuffix}' annotates no property '{orphan}'.");
        }

        // Every property is judged, so that a file with several faults is mended in one go.
        var faults = new List<string>();
        var properties = new List<SampleProperty>();
        foreach (var value in values)
        {
            try
            {
                properties.Add(Property(file, value.Name, value.Value, types.GetValueOrDefault(value.Name)));
            }
            catch (FormatException fault)
            {
                faults.Add(fault.Message);
            }
        }

        if (values.Count > EntityTemplate.MaxCustomProperties - 1)
        {
            faults.Add($"--entity {file} holds {values.Count} properties; an entity holds at most {EntityTemplate.MaxCustomProperties} custom properties, one of them TableLoad's batch nonce, so at most {EntityTemplate.MaxCustomProperties - 1}.");
        }

        if (faults.Count > 0)
        {
            throw new FormatException(string.Join(Environment.NewLine, faults));
        }

        return new SampleEntity(file, properties, ignored);
    }

    private static SampleProperty Property(string file, string name, JsonElement value, JsonElement annotation)
    {
        CheckName(file, name);
        EdmType? declared = null;
        if (annotation.ValueKind != JsonValueKind.Undefined)
        {
            if (annotation.ValueKind != JsonValueKind.String || !EdmTypes.TryParse(annotation.GetString()!, out var type))
            {
                throw new FormatException($"--entity {file}: '{name}{TypeSuffix}' is {annotation.GetRawText()}, not an Edm type the Table service knows ({EdmTypes.Known}).");
            }

            declared = type;
        }

        var (edm, text) = SampleValues.Read(value, declared)
            ?? throw new FormatException($"--entity {file}: '{name}' is {Shown(value)}, which {SampleValues.Expected(value, declared)}.");
        if (edm == EdmType.String && text.Length > MaxStringChars)
        {
            throw new FormatException($"--entity {file}: string '{name}' has {text.Length} characters; the service holds at most {MaxStringChars} (64 KiB) in a string.");
        }

        if (edm == EdmType.Binary && SampleValues.Bytes(edm, text) > EntityTemplate.MaxPropertyBytes)
        {
            throw new FormatException($"--entity {file}: binary '{name}' has {SampleValues.Bytes(edm, text)} bytes; the service holds at most {EntityTemplate.MaxPropertyBytes} (64 KiB) in a binary.");
        }

        return new SampleProperty(name, edm, text);
    }

    private static void CheckName(string file, string name)
    {
        if (!IsIdentifier(name) || name.Length > MaxNameLength)
        {
            throw new FormatException($"--entity {file}: '{name}' is not a property name the service takes: it must be a C# identifier (a letter or '_', then letters, digits or '_') of at most {MaxNameLength} characters.");
        }

        if (Reserved.FirstOrDefault(r => r.Equals(name, StringComparison.OrdinalIgnoreCase)) is { } reserved)
        {
            throw new FormatException(reserved == EntityTemplate.NonceProperty
                ? $"--entity {file}: '{name}' is reserved: TableLoad writes each batch's nonce in '{EntityTemplate.NonceProperty}'; rename the property."
                : $"--entity {file}: '{name}' is reserved: the service keeps PartitionKey, RowKey and Timestamp to itself.");
        }
    }

    /// <summary>A C# identifier without '@': a letter or '_' first, then letters, digits, connectors, combining or formatting characters.</summary>
    public static bool IsIdentifier(string name)
    {
        if (name.Length == 0 || !(char.IsLetter(name[0]) || name[0] == '_' || char.GetUnicodeCategory(name[0]) == UnicodeCategory.LetterNumber))
        {
            return false;
        }

        foreach (var c in name.AsSpan(1))
        {
            var category = char.GetUnicodeCategory(c);
            if (!char.IsLetterOrDigit(c) && category is not (UnicodeCategory.LetterNumber or UnicodeCategory.ConnectorPunctuation
                or UnicodeCategory.NonSpacingMark or UnicodeCategory.SpacingCombiningMark or UnicodeCategory.Format))
            {
                return false;
            }
        }

        return true;
    }

    // The reader's own account of the fault, with its line and position counted from 1 as editors count them.
    private static string Where(JsonException malformed)
    {
        var what = malformed.Message;
        var at = what.IndexOf(" LineNumber:", StringComparison.Ordinal);
        what = (at >= 0 ? what[..at] : what).TrimEnd('.', ' ').Replace(". ", "; ", StringComparison.Ordinal);
        return malformed.LineNumber is { } line && malformed.BytePositionInLine is { } position
            ? $"line {line + 1}, position {position + 1}: {what}"
            : what;
    }

    // A value is said by its kind and, when short, itself; a long one would drown the sentence.
    private static string Shown(JsonElement value)
    {
        var raw = value.GetRawText();
        return raw.Length <= 40 ? raw : $"a {value.ValueKind.ToString().ToLowerInvariant()} of {raw.Length} characters";
    }
}
