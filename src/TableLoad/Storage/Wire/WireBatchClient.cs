using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using TableLoad.Workload;

namespace TableLoad.Storage.Wire;

/// <summary>
/// TableLoad's own client, spoken directly over HTTP/1.1: the batch POST (its operations inserts, upserts or deletes) with pre-serialised
/// bodies and signing cached per second, the GETs of a read and a query, and a read-modify-write's GET and PUT: the service's ceiling, against
/// which the SDK's cost shows.
/// </summary>
internal sealed class WireBatchClient : IBatchClient
{
    public const string ServiceVersion = "2019-02-02";
    private static readonly MediaTypeHeaderValue BodyType = MediaTypeHeaderValue.Parse(BatchBodyWriter.ContentType);
    private static readonly MediaTypeHeaderValue EntityType = MediaTypeHeaderValue.Parse("application/json");

    // A batch answer is ~250 bytes per operation; bigger answers (errors, other servers) grow the rented buffer.
    private const int AnswerBufferBytes = 32 * 1024;

    private readonly HttpClient _http;
    private readonly IRequestAuthorizer _authorizer;
    private readonly Uri _batchUri;
    private readonly Uri _tableUri;
    private readonly string _tableUrl;
    private readonly EntityTemplate _template;
    private readonly QueryShape _query;
    private readonly TimeProvider _time;

    /// <param name="time">The run's clock, which a Retry-After date is measured against.</param>
    public WireBatchClient(AuthorizedTarget target, string table, EntityTemplate template, HttpMessageHandler handler, TimeProvider time, QueryShape? query = null)
    {
        _authorizer = target.Authorizer;
        _template = template;
        _query = query ?? QueryShape.Default;
        _time = time;
        var endpoint = target.TableEndpoint.AbsoluteUri.TrimEnd('/');
        _batchUri = new Uri($"{endpoint}/$batch");
        _tableUrl = $"{endpoint}/{table}";
        _tableUri = new Uri(_tableUrl);
        _http = new HttpClient(handler, disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
    }

    public BatchClientKind Kind => BatchClientKind.Wire;

    /// <summary>The table's address, to which a read's keys or a query's filter are added.</summary>
    public string TableUrl => _tableUrl;

    /// <summary>The table's address as an insert of one entity POSTs to it.</summary>
    public Uri TableUri => _tableUri;

    public QueryShape Query => _query;

    /// <summary>The template whose entities a write's body carries.</summary>
    public EntityTemplate Template => _template;

    public IRequestSender CreateSender(TableOperation operation, WriteForm writes) => operation.Definition().WireSender(this, writes);

    /// <summary>A task loop's sender of entity group transactions whose bodies <paramref name="writer"/> builds.</summary>
    public IRequestSender TransactionSender(BatchBodyWriter writer) => new BatchSender(this, writer);

    /// <summary>An entity's address, <c>table(PartitionKey='..',RowKey='..')</c>, of the first key of <paramref name="keys"/>.</summary>
    public Uri EntityAddress(in BatchIdentity keys) =>
        new($"{_tableUrl}(PartitionKey='{ODataKeys.Literal(keys.PartitionKey)}',RowKey='{ODataKeys.Literal(keys.RowKey(0))}')");

    /// <summary>Sends one entity group transaction whose multipart body is already built.</summary>
    public async Task<BatchResponse> SendBatchAsync(ReadOnlyMemory<byte> body, string clientRequestId, CancellationToken cancellationToken)
    {
        using var request = NewRequest(HttpMethod.Post, _batchUri, clientRequestId);
        request.Content = new ReadOnlyMemoryContent(body);
        request.Content.Headers.ContentType = BodyType;
        return (await ExchangeAsync(request, AnswerKind.Batch, cancellationToken).ConfigureAwait(false)).Response;
    }

    /// <summary>Sends a GET of an entity (a read) or of the table's entities (a query's page); the answer says what came back and where a query goes on.</summary>
    public async Task<WireAnswer> GetAsync(Uri address, AnswerKind kind, string clientRequestId, CancellationToken cancellationToken)
    {
        using var request = NewRequest(HttpMethod.Get, address, clientRequestId);
        return await ExchangeAsync(request, kind, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Replaces the entity at <paramref name="address"/> with <paramref name="entity"/> if its ETag is still <paramref name="etag"/> (a PUT with <c>If-Match</c>, as the SDK's <c>UpdateEntityAsync</c> in Replace mode sends it).</summary>
    public Task<BatchResponse> ReplaceAsync(Uri address, ReadOnlyMemory<byte> entity, string etag, string clientRequestId, CancellationToken cancellationToken) =>
        WriteAsync(HttpMethod.Put, address, entity, etag, askNoContent: false, clientRequestId, cancellationToken);

    /// <summary>
    /// Sends one entity's write (its JSON in <paramref name="entity"/>) or delete (no entity) by itself: <c>If-Match</c> when <paramref name="ifMatch"/>
    /// is given, and <c>Prefer: return-no-content</c> when <paramref name="askNoContent"/> (an insert, which otherwise answers with the entity).
    /// </summary>
    public async Task<BatchResponse> WriteAsync(
        HttpMethod method, Uri address, ReadOnlyMemory<byte>? entity, string? ifMatch, bool askNoContent, string clientRequestId, CancellationToken cancellationToken)
    {
        using var request = NewRequest(method, address, clientRequestId);
        if (ifMatch is not null)
        {
            request.Headers.TryAddWithoutValidation("If-Match", ifMatch);
        }

        if (askNoContent)
        {
            request.Headers.TryAddWithoutValidation("Prefer", "return-no-content");
        }

        if (entity is { } json)
        {
            request.Content = new ReadOnlyMemoryContent(json);
            request.Content.Headers.ContentType = EntityType;
        }

        return (await ExchangeAsync(request, AnswerKind.NoContent, cancellationToken).ConfigureAwait(false)).Response;
    }

    private static HttpRequestMessage NewRequest(HttpMethod method, Uri address, string clientRequestId)
    {
        var request = new HttpRequestMessage(method, address) { Version = HttpVersion.Version11 };
        var headers = request.Headers;
        headers.TryAddWithoutValidation("x-ms-version", ServiceVersion);
        headers.TryAddWithoutValidation(ServiceHeaders.ClientRequestIdName, clientRequestId);
        headers.TryAddWithoutValidation("DataServiceVersion", "3.0");
        headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
        headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
        return request;
    }

    private async Task<WireAnswer> ExchangeAsync(HttpRequestMessage request, AnswerKind kind, CancellationToken cancellationToken)
    {
        _authorizer.Authorize(request);

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
            var charge = ServiceHeaders.Charge(HeaderValue(response, ServiceHeaders.RequestChargeName));
            if (!response.IsSuccessStatusCode)
            {
                var (code, index, message) = BatchResponseParser.ReadError(answer);
                code ??= HeaderValue(response, "x-ms-error-code");
                var retryAfter = RetryAfterHeader.Parse(HeaderValue(response, RetryAfterHeader.MillisecondsName), HeaderValue(response, RetryAfterHeader.StandardName), _time);
                return new(WithRefusalHeaders(new BatchResponse((int)response.StatusCode, code, index, retryAfter) { Charge = charge, ErrorMessage = message }, response));
            }

            var parsed = kind switch
            {
                AnswerKind.Batch => BatchResponseParser.Parse(answer),
                AnswerKind.Entity => new BatchResponse((int)response.StatusCode, null, null) { EntitiesReturned = 1 },
                AnswerKind.Entities => new BatchResponse((int)response.StatusCode, null, null) { EntitiesReturned = QueryAnswer.CountEntities(answer) },
                AnswerKind.NoContent => new BatchResponse((int)response.StatusCode, null, null),
            } with { Charge = charge, RequestId = HeaderValue(response, ServiceHeaders.RequestIdName) };
            var next = kind == AnswerKind.Entities ? QueryAnswer.Continuation(HeaderValue(response, QueryAnswer.NextPartitionKeyHeader), HeaderValue(response, QueryAnswer.NextRowKeyHeader)) : null;
            var etag = kind == AnswerKind.Entity ? HeaderValue(response, "ETag") : null;
            return new(parsed.Succeeded ? parsed : WithRefusalHeaders(parsed, response), next) { ETag = etag };
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    public void Dispose() => _http.Dispose();

    private static BatchResponse WithRefusalHeaders(BatchResponse refused, HttpResponseMessage response) =>
        refused.WithRefusalHeaders(ServiceHeaders.SubStatus(HeaderValue(response, ServiceHeaders.SubStatusName)), HeaderValue(response, ServiceHeaders.RequestIdName));

    // Not validated: the header's own string, with no parsing into a list of values (every answer's charge passes here).
    private static string? HeaderValue(HttpResponseMessage response, string name) =>
        response.Headers.NonValidated.TryGetValues(name, out var values) && values.Count > 0 ? FirstOf(values) : null;

    private static string? FirstOf(HeaderStringValues values)
    {
        foreach (var value in values)
        {
            return value;
        }

        return null;
    }

    private sealed class BatchSender(WireBatchClient client, BatchBodyWriter writer) : IRequestSender
    {
        private ReadOnlyMemory<byte> _body;

        public void Prepare(BatchIdentity batch, int count) => _body = writer.Write(batch, count);

        public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken) => client.SendBatchAsync(_body, clientRequestId, cancellationToken);
    }
}
