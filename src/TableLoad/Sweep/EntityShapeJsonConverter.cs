using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Sweep;

/// <summary>An <see cref="EntityShape"/> in JSON: its bytes, or null for the sample.</summary>
internal sealed class EntityShapeJsonConverter : JsonConverter<EntityShape>
{
    public override bool HandleNull => true;

    public override EntityShape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        EntityShape.FromBytes(reader.TokenType == JsonTokenType.Null ? null : reader.GetInt32());

    public override void Write(Utf8JsonWriter writer, EntityShape value, JsonSerializerOptions options)
    {
        if (value.Bytes is { } bytes)
        {
            writer.WriteNumberValue(bytes);
        }
        else
        {
            writer.WriteNullValue();
        }
    }
}
