using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Measurement.Confidence;

/// <summary>A confidence interval, written as <c>[lo, hi]</c>.</summary>
[JsonConverter(typeof(ConfidenceIntervalConverter))]
internal readonly record struct ConfidenceInterval(double Lo, double Hi)
{
    public bool Contains(double value) => Lo <= value && value <= Hi;
}

/// <summary>Reads and writes a <see cref="ConfidenceInterval"/> as a two-number array.</summary>
internal sealed class ConfidenceIntervalConverter : JsonConverter<ConfidenceInterval>
{
    public override ConfidenceInterval Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartArray || !reader.Read() || !reader.TryGetDouble(out var lo)
            || !reader.Read() || !reader.TryGetDouble(out var hi) || !reader.Read() || reader.TokenType != JsonTokenType.EndArray)
        {
            throw new JsonException("A confidence interval is an array of two numbers, [lo, hi].");
        }

        return new ConfidenceInterval(lo, hi);
    }

    public override void Write(Utf8JsonWriter writer, ConfidenceInterval value, JsonSerializerOptions options)
    {
        writer.WriteStartArray();
        writer.WriteNumberValue(value.Lo);
        writer.WriteNumberValue(value.Hi);
        writer.WriteEndArray();
    }
}
