using System.Text.Json;
using System.Text.Json.Serialization;

namespace TableLoad.Proxy;

/// <summary>
/// The proxy's counters at one moment, as served at <c>GET /_proxy/stats</c> and printed on exit
/// (one JSON line, snake_case); docs/proxy.md describes every field.
/// </summary>
internal sealed record ProxyStats
{
    public static readonly JsonSerializerOptions JsonOptions = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        WriteIndented = false,
    };

    /// <summary>Every request received, except those for <c>/_proxy/</c>.</summary>
    public long Requests { get; init; }

    public long Batches { get; init; }

    public long SingleWrites { get; init; }

    /// <summary>Point reads received, <c>GET .../{table}(PartitionKey='..',RowKey='..')</c>.</summary>
    public long PointReads { get; init; }

    /// <summary>Query requests received, one per page.</summary>
    public long Queries { get; init; }

    /// <summary>Single deletes received, <c>DELETE .../{table}(PartitionKey='..',RowKey='..')</c>.</summary>
    public long SingleDeletes { get; init; }

    /// <summary>Requests neither counted as one of the kinds above nor throttled nor faulted: table create, delete and list, service calls.</summary>
    public long PassedThrough { get; init; }

    /// <summary>Requests sent to the target (including passed-through ones and those whose answer was then lost or delayed).</summary>
    public long Forwarded { get; init; }

    /// <summary>Entities written by the batches and single writes sent to the target (a batch's deletes are in <see cref="DeletesForwarded"/>).</summary>
    public long EntitiesForwarded { get; init; }

    /// <summary>Point reads the target answered 200: the entity was found.</summary>
    public long PointReadsFound { get; init; }

    /// <summary>Point reads the target answered 404: no such entity.</summary>
    public long PointReadsNotFound { get; init; }

    /// <summary>Entities in the query pages the target answered (the entries of each answer's <c>value</c> array).</summary>
    public long QueryEntities { get; init; }

    /// <summary>Deletes sent to the target: single deletes and the DELETE sub-requests of batches.</summary>
    public long DeletesForwarded { get; init; }

    /// <summary>Single writes and deletes the target answered 412: an If-Match ETag that no longer matched.</summary>
    public long PreconditionFailed { get; init; }

    public ThrottledCounts Throttled { get; init; } = new(0, 0, 0);

    public long ThrottledEntities { get; init; }

    public ThrottledLimits ThrottledByLimit { get; init; } = new(0, 0, 0, 0, 0);

    /// <summary>Request units charged for the requests forwarded in Cosmos mode (<c>--request-units</c>), as their answers' headers say; 0 otherwise.</summary>
    public double RequestUnitsCharged { get; init; }

    /// <summary><see cref="RequestUnitsCharged"/> by the kind of request charged.</summary>
    public RequestUnitsByRequest RequestUnitsByRequest { get; init; } = new(0, 0, 0, 0, 0);

    /// <summary>The most request units admitted within one wall-clock second in Cosmos mode, at most the budget unless one write costs more; 0 otherwise.</summary>
    public double RequestUnitsPeakSecond { get; init; }

    public long Resets { get; init; }

    public long LostAnswers { get; init; }

    public long LostAnswerEntities { get; init; }

    public long DelayedAnswers { get; init; }

    public double AddedLatencyMs { get; init; }

    /// <summary>Requests answered 502 because the target could not be reached.</summary>
    public long TargetFailures { get; init; }

    public int Seed { get; init; }

    /// <summary>The emulated service's Transactions by minute (UTC, ISO 8601) and ResponseType, as its metrics API counts them (docs/service.md).</summary>
    public IReadOnlyDictionary<string, SortedDictionary<string, long>> ServiceTransactions { get; init; } = new Dictionary<string, SortedDictionary<string, long>>();

    /// <summary>In Cosmos mode, the emulated account's TotalRequests by minute (UTC, ISO 8601) and status code, every table's; empty otherwise.</summary>
    public IReadOnlyDictionary<string, SortedDictionary<string, long>> CosmosRequests { get; init; } = new Dictionary<string, SortedDictionary<string, long>>();

    public string ToJson() => JsonSerializer.Serialize(this, JsonOptions);

    public static ProxyStats? FromJson(string json) => JsonSerializer.Deserialize<ProxyStats>(json, JsonOptions);
}

/// <summary>Throttled requests by the error code they were answered with (names as in summary.json's <c>outcomes</c>).</summary>
internal sealed record ThrottledCounts(
    [property: JsonPropertyName("server_busy")] long ServerBusy,
    [property: JsonPropertyName("operation_timed_out")] long OperationTimedOut,
    [property: JsonPropertyName("too_many_requests")] long TooManyRequests)
{
    [JsonIgnore]
    public long Total => ServerBusy + OperationTimedOut + TooManyRequests;
}

/// <summary>Request units charged, by the kind of request (a batch's deletes are in its charge).</summary>
internal sealed record RequestUnitsByRequest(double Batches, double SingleWrites, double SingleDeletes, double PointReads, double Queries);

/// <summary>Throttled requests by the limit that refused them (<c>Account</c>: the account's operations per second).</summary>
internal sealed record ThrottledLimits(long Partition, long Account, long AccountIngress, long AccountEgress, long RequestUnits);
