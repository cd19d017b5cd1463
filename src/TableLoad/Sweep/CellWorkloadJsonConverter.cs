using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Sweep;

/// <summary>A <see cref="CellWorkload"/> in sweep.json's <c>operations</c>: its text, as every sweep.json has held it.</summary>
internal sealed class CellWorkloadJsonConverter : JsonConverter<CellWorkload>
{
    public override CellWorkload Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var text = reader.GetString() ?? "";
        return CellWorkload.TryParse(text, out var workload) ? workload : throw new JsonException($"'{text}' is no operation, mix or scenarios.");
    }

    public override void Write(Utf8JsonWriter writer, CellWorkload value, JsonSerializerOptions options) => writer.WriteStringValue(value.Text);
}
