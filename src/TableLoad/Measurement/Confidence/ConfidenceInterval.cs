using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Measurement.Confidence;

/// <summary>
/// A figure's confidence interval, in the figure's unit, at its <see cref="Level"/>: TableLoad's one interval type, of a run's
/// figures (<see cref="RunConfidence"/>), a threshold's verdict, a sweep row's columns and a comparison's sides alike. Written as
/// <c>[lo, hi]</c>: the files record the level once beside their intervals (<c>confidence.level</c>), so one read back is at
/// <see cref="RunConfidence.DefaultLevel"/>, the only level a run computes.
/// </summary>
[JsonConverter(typeof(ConfidenceIntervalConverter))]
internal readonly record struct ConfidenceInterval(double Lo, double Hi, double Level = RunConfidence.DefaultLevel)
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
