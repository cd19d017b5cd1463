using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;

namespace TableLoad.Storage;

/// <summary>
/// The few Table service operations TableLoad needs, spoken directly over HTTP/1.1:
/// table create/delete, batch insert, and key-only queries for verification.
/// </summary>
internal sealed class TableRestClient : IDisposable
{
    public const string ServiceVersion = "2019-02-02";
    private static readonly MediaTypeHeaderValue JsonContentType = MediaTypeHeaderValue.Parse("application/json");

    // A batch answer is ~250 bytes per operation; bigger answers (errors, other servers) grow the rented buffer.
    private const int AnswerBufferBytes = 32 * 1024;

    private readonly HttpClient _http;
    private readonly StorageTarget _target;
    private readonly string _endpoint;
    private readonly Uri _batchUri;

    public TableRestClient(StorageTarget target, HttpMessageHandler handler)
    {
        _target = target;
        _endpoint = target.TableEndpoint.AbsoluteUri.TrimEnd('/');
        _batchUri = new Uri($"{_endpoint}/$batch");
        _http = new HttpClient(handler, disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
    }

    public StorageTarget Target => _target;

    /// <summary>The URL an insert operation inside a batch names.</summary>
    public string TableUrl(string table) => $"{_endpoint}/{table}";

    /// <summary>Creates the table; returns false when it already existed.</summary>
    public async Task<bool> CreateTableAsync(string table, CancellationToken cancellationToken)
    {
        using var request = NewRequest(HttpMethod.Post, $"{_endpoint}/Tables");
        request.Content = new StringContent($"{{\"TableName\":\"{table}\"}}");
        request.Content.Headers.ContentType = JsonContentType;
        request.Headers.TryAddWithoutValidation("Prefer", "return-no-content");
        using var response = await SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.Conflict)
        {
            return false;
        }

        await EnsureSuccessAsync(response, "create table", cancellationToken).ConfigureAwait(false);
        return true;
    }

    public async Task DeleteTableAsync(string table, CancellationToken cancellationToken)
    {
        using var request = NewRequest(HttpMethod.Delete, $"{_endpoint}/Tables('{table}')");
        using var response = await SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode != HttpStatusCode.NotFound)
        {
            await EnsureSuccessAsync(response, "delete table", cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Sends one entity group transaction whose multipart body is already built.</summary>
    public async Task<BatchResponse> SendBatchAsync(HttpContent body, CancellationToken cancellationToken)
    {
        using var request = NewRequest(HttpMethod.Post, _batchUri);
        request.Content = body;
        _target.Authorizer.Authorize(request);

        // Read the answer into a pooled buffer: buffering it in HttpClient (ResponseContentRead) and then
        // ReadAsByteArrayAsync copied it twice into fresh arrays, ~64 KB of garbage per batch of 100.
        using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        var buffer = ArrayPool<byte>.Shared.Rent(AnswerBufferBytes);
        try
        {
            var length = 0;
            await using (var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false))
            {
                int read;
                while ((read = await stream.ReadAsync(buffer.AsMemory(length), cancellationToken).ConfigureAwait(false)) > 0)
                {
                    length += read;
                    if (length == buffer.Length)
                    {
                        var larger = ArrayPool<byte>.Shared.Rent(buffer.Length * 2);
                        buffer.AsSpan(0, length).CopyTo(larger);
                        ArrayPool<byte>.Shared.Return(buffer);
                        buffer = larger;
                    }
                }
            }

            var answer = buffer.AsSpan(0, length);
            if (response.StatusCode != HttpStatusCode.Accepted)
            {
                var (code, index) = BatchResponseParser.ReadError(answer);
                code ??= HeaderValue(response, "x-ms-error-code");
                return new BatchResponse((int)response.StatusCode, code, index);
            }

            return BatchResponseParser.Parse(answer);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>Counts stored entities by PartitionKey, reading keys only, page by page.</summary>
    public async Task<IReadOnlyDictionary<string, long>> CountByPartitionAsync(string table, CancellationToken cancellationToken)
    {
        var counts = new Dictionary<string, long>(StringComparer.Ordinal);
        string? nextPartition = null, nextRow = null;
        do
        {
            var url = $"{_endpoint}/{table}()?$select=PartitionKey,RowKey";
            if (nextPartition is not null)
            {
                url += "&NextPartitionKey=" + Uri.EscapeDataString(nextPartition);
                if (nextRow is not null)
                {
                    url += "&NextRowKey=" + Uri.EscapeDataString(nextRow);
                }
            }

            using var request = NewRequest(HttpMethod.Get, url);
            using var response = await SendAsync(request, cancellationToken).ConfigureAwait(false);
            await EnsureSuccessAsync(response, "query entities", cancellationToken).ConfigureAwait(false);
            await using (var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false))
            {
                using var document = await JsonDocument.ParseAsync(stream, cancellationToken: cancellationToken).ConfigureAwait(false);
                foreach (var entity in document.RootElement.GetProperty("value").EnumerateArray())
                {
                    var partition = entity.GetProperty("PartitionKey").GetString() ?? "";
                    counts[partition] = counts.GetValueOrDefault(partition) + 1;
                }
            }

            nextPartition = HeaderValue(response, "x-ms-continuation-NextPartitionKey");
            nextRow = HeaderValue(response, "x-ms-continuation-NextRowKey");
        }
        while (nextPartition is not null);

        return counts;
    }

    /// <summary>True when the table holds at least one entity (reads one key only).</summary>
    public async Task<bool> HasEntitiesAsync(string table, CancellationToken cancellationToken)
    {
        using var request = NewRequest(HttpMethod.Get, $"{_endpoint}/{table}()?$top=1&$select=PartitionKey");
        using var response = await SendAsync(request, cancellationToken).ConfigureAwait(false);
        await EnsureSuccessAsync(response, "query entities", cancellationToken).ConfigureAwait(false);
        await using var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        using var document = await JsonDocument.ParseAsync(stream, cancellationToken: cancellationToken).ConfigureAwait(false);
        return document.RootElement.GetProperty("value").GetArrayLength() > 0;
    }

    /// <summary>Reads one property of one entity, or null when the entity does not exist.</summary>
    public async Task<string?> GetPropertyAsync(string table, string partitionKey, string rowKey, string property, CancellationToken cancellationToken)
    {
        var url = $"{_endpoint}/{table}(PartitionKey='{EscapeKey(partitionKey)}',RowKey='{EscapeKey(rowKey)}')?$select={property}";
        using var request = NewRequest(HttpMethod.Get, url);
        using var response = await SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            return null;
        }

        await EnsureSuccessAsync(response, "read entity", cancellationToken).ConfigureAwait(false);
        await using var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        using var document = await JsonDocument.ParseAsync(stream, cancellationToken: cancellationToken).ConfigureAwait(false);
        return document.RootElement.TryGetProperty(property, out var value) ? value.ToString() : "";
    }

    public void Dispose() => _http.Dispose();

    private static string EscapeKey(string key) => Uri.EscapeDataString(key.Replace("'", "''", StringComparison.Ordinal));

    private static HttpRequestMessage NewRequest(HttpMethod method, string url) => NewRequest(method, new Uri(url));

    private static HttpRequestMessage NewRequest(HttpMethod method, Uri url)
    {
        var request = new HttpRequestMessage(method, url) { Version = HttpVersion.Version11 };
        var headers = request.Headers;
        headers.TryAddWithoutValidation("x-ms-version", ServiceVersion);
        headers.TryAddWithoutValidation("DataServiceVersion", "3.0");
        headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
        headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
        return request;
    }

    private Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        _target.Authorizer.Authorize(request);
        return _http.SendAsync(request, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }

    /// <summary>The Cosmos DB Table API's <c>x-ms-retry-after-ms</c>, else a standard Retry-After in seconds.</summary>
    private static TimeSpan? RetryAfter(HttpResponseMessage response)
    {
        if (HeaderValue(response, "x-ms-retry-after-ms") is { } ms &&
            double.TryParse(ms, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var milliseconds) && milliseconds >= 0)
        {
            return TimeSpan.FromMilliseconds(milliseconds);
        }

        return response.Headers.RetryAfter?.Delta;
    }

    private static string? HeaderValue(HttpResponseMessage response, string name) =>
        response.Headers.TryGetValues(name, out var values) ? values.FirstOrDefault() : null;

    private static async Task EnsureSuccessAsync(HttpResponseMessage response, string operation, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }

        var body = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        var (code, _) = BatchResponseParser.ReadError(body);
        code ??= HeaderValue(response, "x-ms-error-code");
        throw new TableServiceException(operation, (int)response.StatusCode, code);
    }
}
