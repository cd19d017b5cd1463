using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Storage;

/// <summary>A <see cref="Batching"/> in JSON: a transaction's size as a number, as every file before single writes wrote it, and single writes as <c>"none"</c>.</summary>
internal sealed class BatchingJsonConverter : JsonConverter<Batching>
{
    public override Batching Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        reader.TokenType == JsonTokenType.Number ? Batching.Of(reader.GetInt32())
        : Batching.TryParse(reader.GetString(), out var batching) ? batching
        : throw new JsonException($"A batch size is a number or \"{Batching.NoneText}\".");

    public override void Write(Utf8JsonWriter writer, Batching value, JsonSerializerOptions options)
    {
        switch (value.Form)
        {
            case WriteForm.Transaction:
                writer.WriteNumberValue(value.Size);
                break;
            case WriteForm.Single:
                writer.WriteStringValue(Batching.NoneText);
                break;
        }
    }
}
