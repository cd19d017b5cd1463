using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Service;

/// <summary>service-metrics.json: the metrics API's calls of a run, each query with its answer as it came, so every figure of <c>service</c> can be traced.</summary>
internal sealed record ServiceMetricsFile(string Resource, string Endpoint, IReadOnlyList<MetricsCall> Calls)
{
    public const string Name = "service-metrics.json";

    public async Task WriteAsync(string folder)
    {
        var path = Path.Combine(folder, Name);
        await using var stream = File.Create(path);
        await JsonSerializer.SerializeAsync(stream, this, ServiceJsonContext.Default.ServiceMetricsFile).ConfigureAwait(false);
    }
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower, WriteIndented = true, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(ServiceMetricsFile))]
internal sealed partial class ServiceJsonContext : JsonSerializerContext;
