using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Settings;

/// <summary>A load's <see cref="LoadOperations"/> as the settings sent to a worker carry it: its text.</summary>
internal sealed class LoadOperationsJsonConverter : JsonConverter<LoadOperations>
{
    public override LoadOperations Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        LoadOperations.TryParse(reader.GetString() ?? "", out var operations) ? operations : throw new JsonException($"'{reader.GetString()}' names no operation and no mix.");

    public override void Write(Utf8JsonWriter writer, LoadOperations value, JsonSerializerOptions options) => writer.WriteStringValue(value.Text);
}
