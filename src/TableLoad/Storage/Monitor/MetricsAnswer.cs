using System.Text.Json.Serialization;

namespace TableLoad.Storage.Monitor;

/// <summary>The metrics REST API's answer (<c>GET {resource}/providers/Microsoft.Insights/metrics</c>), written by the proxy's emulation and read by TableLoad.</summary>
internal sealed record MetricsAnswer
{
    [JsonPropertyName("timespan")]
    public string? Timespan { get; init; }

    [JsonPropertyName("interval")]
    public string? Interval { get; init; }

    [JsonPropertyName("value")]
    public IReadOnlyList<MetricSeries>? Value { get; init; }
}

/// <summary>One metric of the answer, with a time series for each value of the dimension it was split by.</summary>
internal sealed record MetricSeries(
    [property: JsonPropertyName("name")] MetricName? Name,
    [property: JsonPropertyName("unit")] string? Unit,
    [property: JsonPropertyName("timeseries")] IReadOnlyList<MetricTimeSeries>? Timeseries);

internal sealed record MetricName([property: JsonPropertyName("value")] string? Value);

/// <summary>One time series: the dimension's value it holds (<c>responsetype</c> = <c>ServerBusyError</c>) and its points.</summary>
internal sealed record MetricTimeSeries(
    [property: JsonPropertyName("metadatavalues")] IReadOnlyList<MetricDimensionValue>? Metadatavalues,
    [property: JsonPropertyName("data")] IReadOnlyList<MetricPoint>? Data);

internal sealed record MetricDimensionValue(
    [property: JsonPropertyName("name")] MetricName? Name,
    [property: JsonPropertyName("value")] string? Value);

/// <summary>One minute of a series; an aggregation the minute has no data for is absent.</summary>
internal sealed record MetricPoint(
    [property: JsonPropertyName("timeStamp")] DateTimeOffset TimeStamp,
    [property: JsonPropertyName("total")] double? Total = null,
    [property: JsonPropertyName("average")] double? Average = null,
    [property: JsonPropertyName("maximum")] double? Maximum = null,
    [property: JsonPropertyName("count")] double? Count = null);

/// <summary>The error body Azure Resource Manager answers a failed call with.</summary>
internal sealed record MetricsError([property: JsonPropertyName("error")] MetricsErrorDetail? Error);

internal sealed record MetricsErrorDetail(
    [property: JsonPropertyName("code")] string? Code,
    [property: JsonPropertyName("message")] string? Message);

[JsonSourceGenerationOptions(DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(MetricsAnswer))]
[JsonSerializable(typeof(MetricsError))]
internal sealed partial class MonitorJsonContext : JsonSerializerContext;
