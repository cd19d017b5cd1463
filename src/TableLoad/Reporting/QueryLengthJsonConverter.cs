using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Reporting;

/// <summary>
/// run.json's <c>query_length</c>: a number for one length, as every run.json before ranges wrote it (so those read back and a repeat
/// of them gives the same option), and a string for a range (<c>"1..100"</c>); read back as <c>--query-length</c> takes it.
/// </summary>
internal sealed class QueryLengthJsonConverter : JsonConverter<string>
{
    public override string Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        reader.TokenType == JsonTokenType.Number ? reader.GetInt32().ToString(CultureInfo.InvariantCulture) : reader.GetString() ?? "";

    public override void Write(Utf8JsonWriter writer, string value, JsonSerializerOptions options)
    {
        if (int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var length))
        {
            writer.WriteNumberValue(length);
        }
        else
        {
            writer.WriteStringValue(value);
        }
    }
}
