using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Settings;

/// <summary>A <see cref="RunWorkload"/> in summary.json: its text, the string every summary has held in <c>operation</c>.</summary>
internal sealed class RunWorkloadJsonConverter : JsonConverter<RunWorkload>
{
    public override RunWorkload Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        RunWorkload.Parse(reader.GetString() ?? throw new JsonException("A summary's operation is null; it names an operation, a mix or scenarios."));

    public override void Write(Utf8JsonWriter writer, RunWorkload value, JsonSerializerOptions options) => writer.WriteStringValue(value.Text);
}
