using System.Text.Json.Serialization;

namespace TableLoad.Storage.ServiceLog;

/// <summary>The resource log's line, in its own names (camelCase, given on each property), one line a record.</summary>
[JsonSourceGenerationOptions(WriteIndented = false, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(ResourceLogRecord))]
internal sealed partial class ServiceLogJsonContext : JsonSerializerContext;
