using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>The one JSON shape of every result file: snake_case names, invariant numbers, indented; typed both ways.</summary>
internal static class ResultJson
{
    public static readonly ResultJsonContext Context = new(new JsonSerializerOptions
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        WriteIndented = true,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    });

    public static async Task WriteAsync<T>(string path, T value)
    {
        var temporary = path + ".tmp";
        await using (var stream = File.Create(temporary))
        {
            await JsonSerializer.SerializeAsync(stream, value, TypeInfo<T>()).ConfigureAwait(false);
        }

        // Replace atomically so a crash never leaves a half-written file behind.
        File.Move(temporary, path, overwrite: true);
    }

    public static string Serialize<T>(T value) => JsonSerializer.Serialize(value, TypeInfo<T>());

    /// <summary>Reads a result file; one that is not valid JSON of its type gives a <see cref="JsonException"/>.</summary>
    public static T Read<T>(string path) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), TypeInfo<T>()) ?? throw new JsonException($"{path} holds null.");

    public static RunSummary ReadSummary(string path) => Read<RunSummary>(path);

    private static JsonTypeInfo<T> TypeInfo<T>() =>
        Context.GetTypeInfo(typeof(T)) as JsonTypeInfo<T> ?? throw new InvalidOperationException($"{typeof(T).Name} is not a result file type.");
}
