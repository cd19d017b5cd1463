using System.Text.Json.Serialization;

namespace TableLoad.Storage.ServiceLog;

/// <summary>
/// One line of the account's archived resource log (the <c>insights-logs-storagetablelogs</c> container): one request, its
/// top-level fields beside its <c>properties</c>. The proxy writes it and the join reads it, through this one type.
/// </summary>
internal sealed record ResourceLogRecord
{
    /// <summary>When the service received the request, UTC.</summary>
    [JsonPropertyName("time")]
    public DateTimeOffset Time { get; init; }

    [JsonPropertyName("resourceId")]
    public string? ResourceId { get; init; }

    /// <summary><c>StorageRead</c>, <c>StorageWrite</c> or <c>StorageDelete</c>.</summary>
    [JsonPropertyName("category")]
    public string? Category { get; init; }

    /// <summary>The REST operation, as the metrics' <c>ApiName</c>: <c>EntityGroupTransaction</c>, <c>QueryEntity</c>, …</summary>
    [JsonPropertyName("operationName")]
    public string? OperationName { get; init; }

    [JsonPropertyName("operationVersion")]
    public string? OperationVersion { get; init; }

    [JsonPropertyName("schemaVersion")]
    public string? SchemaVersion { get; init; }

    [JsonPropertyName("statusCode")]
    public int StatusCode { get; init; }

    /// <summary>The response type the metrics count the request under: <c>Success</c>, <c>ServerBusyError</c>, …</summary>
    [JsonPropertyName("statusText")]
    public string? StatusText { get; init; }

    /// <summary>From the request's first byte in to its answer's last byte out.</summary>
    [JsonPropertyName("durationMs")]
    public double DurationMs { get; init; }

    [JsonPropertyName("callerIpAddress")]
    public string? CallerIpAddress { get; init; }

    /// <summary>The answer's <c>x-ms-request-id</c>.</summary>
    [JsonPropertyName("correlationId")]
    public string? CorrelationId { get; init; }

    [JsonPropertyName("location")]
    public string? Location { get; init; }

    [JsonPropertyName("uri")]
    public string? Uri { get; init; }

    [JsonPropertyName("protocol")]
    public string? Protocol { get; init; }

    [JsonPropertyName("properties")]
    public ResourceLogProperties? Properties { get; init; }
}

/// <summary>A resource-log record's per-request fields, under <c>properties</c> in camelCase.</summary>
internal sealed record ResourceLogProperties
{
    [JsonPropertyName("accountName")]
    public string? AccountName { get; init; }

    [JsonPropertyName("userAgentHeader")]
    public string? UserAgentHeader { get; init; }

    /// <summary>The request's <c>x-ms-client-request-id</c>.</summary>
    [JsonPropertyName("clientRequestId")]
    public string? ClientRequestId { get; init; }

    /// <summary>The service's own time, without the network.</summary>
    [JsonPropertyName("serverLatencyMs")]
    public double ServerLatencyMs { get; init; }

    [JsonPropertyName("serviceType")]
    public string? ServiceType { get; init; }

    [JsonPropertyName("requestBodySize")]
    public long RequestBodySize { get; init; }

    [JsonPropertyName("responseBodySize")]
    public long ResponseBodySize { get; init; }
}
