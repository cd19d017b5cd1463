using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Settings;

/// <summary>
/// A <see cref="RateTarget"/> in run.json and sweep.json: a number for entities per second, as every file before the unit existed wrote
/// it (so those read back and repeat the same load), and a string in <c>--rate</c>'s syntax for requests per second (<c>"2000rps"</c>).
/// </summary>
internal sealed class RateTargetJsonConverter : JsonConverter<RateTarget>
{
    public override RateTarget Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType == JsonTokenType.Number)
        {
            return RateTarget.Entities(reader.GetDouble());
        }

        var text = reader.GetString();
        return RateTarget.TryParse(text, out var rate) ? rate : throw new JsonException($"'{text}' is not a rate such as {RateTarget.Forms}.");
    }

    public override void Write(Utf8JsonWriter writer, RateTarget value, JsonSerializerOptions options)
    {
        switch (value.Unit)
        {
            case RateUnit.EntitiesPerSecond:
                writer.WriteNumberValue(value.Value);
                break;
            case RateUnit.RequestsPerSecond:
                writer.WriteStringValue(value.Text());
                break;
        }
    }
}
