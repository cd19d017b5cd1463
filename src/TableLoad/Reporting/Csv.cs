using System.Globalization;

namespace TableLoad.Reporting;

/// <summary>Invariant-culture CSV cells, so result files read the same whatever the user's locale.</summary>
internal static class Csv
{
    public static string Millis(long micros) => (micros / 1000.0).ToString("0.000", CultureInfo.InvariantCulture);

    public static string Number(long value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Optional(int? value) => value?.ToString(CultureInfo.InvariantCulture) ?? "";

    public static string Bool(bool value) => value ? "true" : "false";

    /// <summary>Quotes a text cell when it holds a separator, a quote or a line break (RFC 4180).</summary>
    public static string Text(string? value)
    {
        if (string.IsNullOrEmpty(value))
        {
            return "";
        }

        return value.AsSpan().IndexOfAny(",\"\r\n") < 0 ? value : "\"" + value.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
    }
}
