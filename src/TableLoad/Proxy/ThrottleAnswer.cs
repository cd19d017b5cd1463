using System.Globalization;
using System.Text.Encodings.Web;
using System.Text.Json;
using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy;

/// <summary>
/// The answer the service gives a throttled request, byte for byte in the parts clients read: status,
/// <c>x-ms-error-code</c>, request id, version and date headers, and the OData JSON error body.
/// </summary>
internal sealed record ThrottleAnswer(int Status, string ErrorCode, IReadOnlyList<KeyValuePair<string, string>> Headers, byte[] Body)
{
    public const string ContentType = "application/json;odata=minimalmetadata;streaming=true;charset=utf-8";
    public const string DefaultVersion = Storage.Wire.WireBatchClient.ServiceVersion;
    public const string RetryAfterHeader = "x-ms-retry-after-ms";
    public const string SubstatusHeader = "x-ms-substatus";

    /// <summary>Cosmos DB's sub-status of a 429 when the provisioned request units are spent.</summary>
    public const string RequestUnitsSpentSubstatus = "3200";

    private const string ServerHeader = "Windows-Azure-Table/1.0 Microsoft-HTTPAPI/2.0";
    private const string ServerBusyMessage = "The server is busy.";
    private const string OperationsLimitMessage = "Operations per second is over the account limit.";
    private const string IngressLimitMessage = "Ingress is over the account limit.";
    private const string EgressLimitMessage = "Egress is over the account limit.";
    private const string TimedOutMessage = "Operation could not be completed within the specified time.";
    private const string TooManyRequestsMessage =
        "Message: {\"Errors\":[\"Request rate is large. More Request Units may be needed, so no changes were made. Please retry this request later.\"]}";

    /// <summary>Builds the answer; <paramref name="version"/> echoes the request's <c>x-ms-version</c>.</summary>
    public static ThrottleAnswer Create(ThrottleCode code, ThrottledBy limit, Guid requestId, DateTimeOffset now, string? version, TimeSpan retryAfter)
    {
        var id = requestId.ToString("D");
        var time = now.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'", CultureInfo.InvariantCulture);
        var (status, errorCode, message) = code switch
        {
            ThrottleCode.OperationTimedOut => (500, "OperationTimedOut", TimedOutMessage),
            ThrottleCode.TooManyRequests => (429, "TooManyRequests", TooManyRequestsMessage),
            ThrottleCode.ServerBusy => (503, "ServerBusy", ServerBusyMessageOf(limit)),
        };

        var headers = new List<KeyValuePair<string, string>>(10)
        {
            new("Cache-Control", "no-cache"),
            new("Content-Type", ContentType),
            new("Server", ServerHeader),
            new("x-ms-request-id", id),
            new("x-ms-version", string.IsNullOrEmpty(version) ? DefaultVersion : version),
            new("x-ms-error-code", errorCode),
            new("X-Content-Type-Options", "nosniff"),
            new("Date", now.UtcDateTime.ToString("r", CultureInfo.InvariantCulture)),
        };
        if (code == ThrottleCode.TooManyRequests)
        {
            headers.Add(new(RetryAfterHeader, RetryAfterMilliseconds(retryAfter).ToString(CultureInfo.InvariantCulture)));
            headers.Add(new(SubstatusHeader, RequestUnitsSpentSubstatus));
        }

        return new ThrottleAnswer(status, errorCode, headers, ErrorBody(errorCode, $"{message}\nRequestId:{id}\nTime:{time}"));
    }

    // The service names an account limit in its 503's message; a partition's is the plain "server is busy".
    private static string ServerBusyMessageOf(ThrottledBy limit) => limit switch
    {
        ThrottledBy.Account => OperationsLimitMessage,
        ThrottledBy.AccountIngress => IngressLimitMessage,
        ThrottledBy.AccountEgress => EgressLimitMessage,
        ThrottledBy.Partition => ServerBusyMessage,
        ThrottledBy.RequestUnits => ServerBusyMessage, // answered 429 in Cosmos mode; a 503 has no better message
        ThrottledBy.None => ServerBusyMessage,
    };

    /// <summary>Whole milliseconds until the request would be admitted, at least 1.</summary>
    public static long RetryAfterMilliseconds(TimeSpan retryAfter) => Math.Max(1, (long)Math.Ceiling(retryAfter.TotalMilliseconds));

    public async Task WriteAsync(HttpResponse response, CancellationToken cancellationToken)
    {
        response.StatusCode = Status;
        foreach (var (name, value) in Headers)
        {
            response.Headers[name] = value;
        }

        response.ContentLength = Body.Length;
        await response.Body.WriteAsync(Body, cancellationToken).ConfigureAwait(false);
    }

    private static byte[] ErrorBody(string code, string message)
    {
        using var buffer = new MemoryStream(256);
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            json.WriteStartObject();
            json.WriteStartObject("odata.error");
            json.WriteString("code", code);
            json.WriteStartObject("message");
            json.WriteString("lang", "en-US");
            json.WriteString("value", message);
            json.WriteEndObject();
            json.WriteEndObject();
            json.WriteEndObject();
        }

        return buffer.ToArray();
    }
}

/// <summary>The error code a throttled request gets.</summary>
internal enum ThrottleCode
{
    ServerBusy,
    OperationTimedOut,
    TooManyRequests,
}
