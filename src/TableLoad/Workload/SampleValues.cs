using System.Globalization;
using System.Text.Json;

namespace TableLoad.Workload;

/// <summary>
/// A sample property's value: read from JSON into the service's text for its type (<see cref="SampleProperty.Value"/>),
/// and from that text into the CLR value the SDK sends and the bytes the service counts.
/// </summary>
internal static class SampleValues
{
    private const string DateTimeFormat = "yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'";

    // The earliest DateTime the service stores.
    private static readonly DateTimeOffset MinDateTime = new(1601, 1, 1, 0, 0, 0, TimeSpan.Zero);

    /// <summary>The value's type and canonical text; null when it does not fit <paramref name="declared"/> (or, undeclared, any type JSON implies).</summary>
    public static (EdmType Type, string Text)? Read(JsonElement value, EdmType? declared)
    {
        var type = declared ?? Implied(value);
        if (type is not { } edm)
        {
            return null;
        }

        var text = value.ValueKind switch
        {
            JsonValueKind.String => value.GetString()!,
            JsonValueKind.Number when edm is EdmType.Int32 or EdmType.Int64 or EdmType.Double => value.GetRawText(),
            JsonValueKind.True or JsonValueKind.False when edm == EdmType.Boolean => value.GetBoolean() ? "true" : "false",
            _ => null,
        };
        return text is not null && Canonical(edm, text) is { } canonical ? (edm, canonical) : null;
    }

    /// <summary>What the value should have been, for the sentence that refuses it.</summary>
    public static string Expected(JsonElement value, EdmType? declared) => declared is { } type
        ? $"does not fit {type.Name()}"
        : value.ValueKind switch
        {
            JsonValueKind.Number => "is beyond Int32 without a type; annotate it with \"@odata.type\": \"Edm.Int64\" or \"Edm.Double\"",
            JsonValueKind.Null => "the service does not store (a null property is left out of an entity)",
            _ => "is no Edm type (a property is a string, number, boolean, or a string annotated with its type)",
        };

    /// <summary>A DateTime as the service and the SDK write it: UTC, with 7 decimals.</summary>
    public static string DateTimeText(DateTimeOffset date) => date.UtcDateTime.ToString(DateTimeFormat, CultureInfo.InvariantCulture);

    /// <summary>Bytes of the value as the service counts them (without a string's or binary's 4-byte length).</summary>
    public static int Bytes(EdmType type, string text) => type switch
    {
        EdmType.String => 2 * text.Length,
        EdmType.Binary => Convert.FromBase64String(text).Length,
        EdmType.Int32 or EdmType.Int64 or EdmType.Double or EdmType.Boolean or EdmType.DateTime or EdmType.Guid => type.FixedSize(),
    };

    /// <summary>The value as the SDK's <c>TableEntity</c> holds it; made once per run and shared by every entity.</summary>
    public static object ToObject(EdmType type, string text) => type switch
    {
        EdmType.String => text,
        EdmType.Int32 => int.Parse(text, CultureInfo.InvariantCulture),
        EdmType.Int64 => long.Parse(text, CultureInfo.InvariantCulture),
        EdmType.Double => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture),
        EdmType.Boolean => text == "true",
        EdmType.DateTime => DateTimeOffset.ParseExact(text, DateTimeFormat, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal),
        EdmType.Guid => Guid.Parse(text, CultureInfo.InvariantCulture),
        EdmType.Binary => Convert.FromBase64String(text),
    };

    // Unannotated JSON: a string, a boolean, an integer within Int32 or a number with a fraction or exponent.
    private static EdmType? Implied(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.String => EdmType.String,
        JsonValueKind.True or JsonValueKind.False => EdmType.Boolean,
        JsonValueKind.Number when value.GetRawText().AsSpan().IndexOfAny(".eE") >= 0 => EdmType.Double,
        JsonValueKind.Number when value.TryGetInt32(out _) => EdmType.Int32,
        _ => null,
    };

    private static string? Canonical(EdmType type, string text)
    {
        var invariant = CultureInfo.InvariantCulture;
        return type switch
        {
            EdmType.String => text,
            EdmType.Int32 => int.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out var int32) ? int32.ToString(invariant) : null,
            EdmType.Int64 => long.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out var int64) ? int64.ToString(invariant) : null,
            EdmType.Double => double.TryParse(text, NumberStyles.Float, invariant, out var number) && (double.IsFinite(number) || text is "NaN" or "Infinity" or "-Infinity")
                ? number.ToString("R", invariant) : null,
            EdmType.Boolean => text is "true" or "false" ? text : null,
            EdmType.DateTime => DateTimeOffset.TryParse(text, invariant, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var date) && date >= MinDateTime
                ? DateTimeText(date) : null,
            EdmType.Guid => Guid.TryParse(text, invariant, out var guid) ? guid.ToString("D") : null,
            EdmType.Binary => CanonicalBase64(text),
        };
    }

    private static string? CanonicalBase64(string text)
    {
        var buffer = new byte[text.Length];
        return Convert.TryFromBase64String(text, buffer, out var length) ? Convert.ToBase64String(buffer, 0, length) : null;
    }
}
