using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Storage;

/// <summary>A <see cref="BatchClientKind"/> by its name, <c>sdk</c> or <c>wire</c>, as sweep.json's <c>clients</c> and every result file say it.</summary>
internal sealed class BatchClientKindJsonConverter : JsonConverter<BatchClientKind>
{
    public override BatchClientKind Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var text = reader.GetString();
        return BatchClientKindNames.TryParse(text, out var kind) ? kind : throw new JsonException($"'{text}' is no client: sdk or wire.");
    }

    public override void Write(Utf8JsonWriter writer, BatchClientKind value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToName());
}
