using System.Text.Json;
using System.Text.Json.Serialization;
using TableLoad.Workload;

namespace TableLoad.Engine.Fleet;

/// <summary>A partition strategy as its option text (<c>single</c>, <c>per-task</c>, <c>spread:N</c>), read back by the same parser.</summary>
internal sealed class PartitionStrategyConverter : JsonConverter<PartitionStrategy>
{
    public override void Write(Utf8JsonWriter writer, PartitionStrategy value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToString());

    public override PartitionStrategy Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        PartitionStrategy.TryParse(reader.GetString() ?? "") ?? throw new JsonException($"'{reader.GetString()}' is not a partition strategy.");
}
