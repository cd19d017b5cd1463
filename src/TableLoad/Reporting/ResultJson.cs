using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>The one JSON shape of every result file: snake_case names, invariant numbers, indented; typed both ways.</summary>
internal static class ResultJson
{
    public static readonly ResultJsonContext Context = new(NewOptions());

    /// <summary>The options of every result file, for a context of another layer's file (sweep.json) to share.</summary>
    public static JsonSerializerOptions NewOptions() => new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        WriteIndented = true,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    };

    public static Task WriteAsync<T>(string path, T value) => WriteAsync(path, value, TypeInfo<T>());

    public static async Task WriteAsync<T>(string path, T value, JsonTypeInfo<T> type)
    {
        var temporary = path + ".tmp";
        await using (var stream = File.Create(temporary))
        {
            await JsonSerializer.SerializeAsync(stream, value, type).ConfigureAwait(false);
        }

        // Replace atomically so a crash never leaves a half-written file behind.
        File.Move(temporary, path, overwrite: true);
    }

    public static string Serialize<T>(T value) => JsonSerializer.Serialize(value, TypeInfo<T>());

    /// <summary>Reads a result file; one that is not valid JSON of its type gives a <see cref="JsonException"/>.</summary>
    public static T Read<T>(string path) => Read(path, TypeInfo<T>());

    public static T Read<T>(string path, JsonTypeInfo<T> type) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), type) ?? throw new JsonException($"{path} holds null.");

    public static RunSummary ReadSummary(string path) => Read<RunSummary>(path);

    private static JsonTypeInfo<T> TypeInfo<T>() =>
        Context.GetTypeInfo(typeof(T)) as JsonTypeInfo<T> ?? throw new InvalidOperationException($"{typeof(T).Name} is not a result file type.");
}
