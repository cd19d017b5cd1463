using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// The JSON-lines protocol between a coordinator and its workers: control lines on the worker's stdin,
/// reports on its stdout, one message type per kind of line, named by its <c>type</c>. Settings, the key
/// or SAS included, travel here and never in argv or the environment.
/// </summary>
internal static class WorkerProtocol
{
    public static string Serialize(ControlMessage message) => JsonSerializer.Serialize(message, WorkerProtocolContext.Default.ControlMessage);

    public static string Serialize(WorkerMessage message) => JsonSerializer.Serialize(message, WorkerProtocolContext.Default.WorkerMessage);

    /// <summary>Reads one line as a <see cref="ControlMessage"/> or a <see cref="WorkerMessage"/>; any line that is not one is a <see cref="JsonException"/>.</summary>
    public static T Deserialize<T>(string line)
        where T : class
    {
        try
        {
            return (T?)JsonSerializer.Deserialize(line, typeof(T), WorkerProtocolContext.Default) ?? throw new JsonException("An empty protocol line.");
        }
        catch (Exception ex) when (ex is JsonException or NotSupportedException or FormatException)
        {
            // FormatException: a value its type refuses (a malformed key); none of these messages quotes a value.
            throw new JsonException(UnknownType<T>(line) ?? ex.Message, ex);
        }
    }

    /// <summary>The sentence for a line whose type is not one of <typeparamref name="T"/>'s; null when it is one.</summary>
    private static string? UnknownType<T>(string line)
    {
        var known = typeof(T).GetCustomAttributes<JsonDerivedTypeAttribute>().Select(d => d.TypeDiscriminator as string).Order(StringComparer.Ordinal).ToList();
        string? type;
        try
        {
            type = JsonNode.Parse(line)?["type"]?.GetValue<string>();
        }
        catch (Exception ex) when (ex is JsonException or InvalidOperationException or FormatException)
        {
            return null;
        }

        return type is not null && known.Contains(type) ? null
            : $"A protocol line {(type is null ? "without a type" : $"of type '{type}'")} is not a {typeof(T).Name}: its types are {string.Join(", ", known)}.";
    }
}

/// <summary>The protocol's messages, each written and read through this generated metadata.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true,
    AllowOutOfOrderMetadataProperties = true,
    Converters = [typeof(PartitionStrategyConverter)])]
[JsonSerializable(typeof(ControlMessage))]
[JsonSerializable(typeof(WorkerMessage))]
internal sealed partial class WorkerProtocolContext : JsonSerializerContext;
