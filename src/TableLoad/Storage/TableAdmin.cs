using System.Net;
using System.Runtime.ExceptionServices;
using Azure;
using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Data.Tables;
using TableLoad.Storage.Sdk;

namespace TableLoad.Storage;

/// <summary>
/// The calls on the run's table other than batches, made through the SDK whichever client sends the batches:
/// create and delete it, check it is empty, count it, read a batch's nonce back. Each call is bounded, and
/// its failures become one sentence (<see cref="TableServiceException"/>) or the transport's own exception.
/// </summary>
internal sealed class TableAdmin : IDisposable
{
    /// <summary>The message property, set around each call, that names what the call is for (<see cref="OwnCall"/>).</summary>
    public const string OwnCallProperty = "tableload.own-call";

    private static readonly string[] KeysOnly = ["PartitionKey", "RowKey"];
    private readonly HttpMessageHandler _handler;
    private readonly TableClient _table;

    /// <param name="ownCalls">Counts each request the calls send, for the service view; null counts nothing.</param>
    public TableAdmin(AuthorizedTarget target, string table, TimeSpan callTimeout, int maxConnections = 8, HttpPipelinePolicy? ownCalls = null)
        : this(target, table, callTimeout, HttpHandlerFactory.Create(maxConnections), ownCalls)
    {
    }

    /// <param name="handler">Sends every call's requests; disposed with this.</param>
    /// <param name="ownCalls">Counts each request the calls send, for the service view; null counts nothing.</param>
    public TableAdmin(AuthorizedTarget target, string table, TimeSpan callTimeout, HttpMessageHandler handler, HttpPipelinePolicy? ownCalls = null)
    {
        Target = target;
        CallTimeout = callTimeout;
        Table = table;
        _handler = handler;
        // The SDK's per-request timeout bounds every call, each page of a count included.
        var options = SdkClientOptions.Create(_handler, callTimeout, diagnostics: false);
        if (ownCalls is not null)
        {
            options.AddPolicy(ownCalls, HttpPipelinePosition.PerRetry);
        }

        _table = target.Authorizer.CreateServiceClient(target.TableEndpoint, options).GetTableClient(table);
    }

    /// <summary>The target, its authorizer made, that the batch clients of this process share.</summary>
    public AuthorizedTarget Target { get; }

    public string Table { get; }

    /// <summary>How long one request may go unanswered.</summary>
    public TimeSpan CallTimeout { get; }

    /// <summary>Creates the table; false when it already existed.</summary>
    public Task<bool> CreateAsync(CancellationToken cancellationToken) => CallAsync($"create the table {Table}", OwnCall.TableCreation, async ct =>
    {
        try
        {
            await _table.CreateAsync(ct).ConfigureAwait(false);
            return true;
        }
        catch (RequestFailedException ex) when (ex.Status == (int)HttpStatusCode.Conflict)
        {
            return false;
        }
    }, cancellationToken);

    public Task DeleteAsync(CancellationToken cancellationToken) => CallAsync($"delete the table {Table}", OwnCall.TableDeletion, async ct =>
    {
        try
        {
            await _table.DeleteAsync(ct).ConfigureAwait(false);
        }
        catch (RequestFailedException ex) when (ex.Status == (int)HttpStatusCode.NotFound)
        {
            // Already gone: nothing to clean up.
        }

        return true;
    }, cancellationToken);

    /// <summary>True when the table holds at least one entity (asks for one key); with <paramref name="rowKeyStems"/>, one whose RowKey starts with one of them.</summary>
    public Task<bool> HasEntitiesAsync(CancellationToken cancellationToken, IReadOnlyList<string>? rowKeyStems = null) => CallAsync($"read the table {Table}", OwnCall.EmptinessCheck, async ct =>
    {
        // A stem's keys sort from the stem itself to the stem with its last character raised by one, not included.
        var filter = rowKeyStems is null ? null : string.Join(" or ", rowKeyStems.Select(stem =>
            "(" + TableClient.CreateQueryFilter($"RowKey ge {stem} and RowKey lt {stem[..^1] + (char)(stem[^1] + 1)}") + ")"));
        await foreach (var page in _table.QueryAsync<TableEntity>(filter: filter, maxPerPage: 1, select: KeysOnly, cancellationToken: ct).AsPages().ConfigureAwait(false))
        {
            if (page.Values.Count > 0)
            {
                return true;
            }
        }

        return false;
    }, cancellationToken);

    /// <summary>Counts the stored entities, reading keys only, page by page.</summary>
    public Task<long> CountAsync(CancellationToken cancellationToken) => CallAsync($"count the table {Table}", OwnCall.Count, async ct =>
    {
        long count = 0;
        await foreach (var page in _table.QueryAsync<TableEntity>(filter: (string?)null, maxPerPage: 1000, select: KeysOnly, cancellationToken: ct).AsPages().ConfigureAwait(false))
        {
            count += page.Values.Count;
        }

        return count;
    }, cancellationToken);

    /// <summary>Reads one string property of one entity; null when the entity does not exist.</summary>
    public Task<string?> ReadPropertyAsync(string partitionKey, string rowKey, string property, CancellationToken cancellationToken) =>
        CallAsync("read an entity back", OwnCall.ReadBack, async ct =>
        {
            var found = await _table.GetEntityIfExistsAsync<TableEntity>(partitionKey, rowKey, [property], ct).ConfigureAwait(false);
            return found.HasValue ? found.Value!.GetString(property) ?? "" : null;
        }, cancellationToken);

    public void Dispose() => _handler.Dispose();

    private async Task<T> CallAsync<T>(string operation, OwnCall purpose, Func<CancellationToken, Task<T>> call, CancellationToken cancellationToken)
    {
        using var scope = HttpPipeline.CreateHttpMessagePropertiesScope(new Dictionary<string, object?> { [OwnCallProperty] = purpose });
        try
        {
            return await call(cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException ex) when (ex.Status != 0)
        {
            throw TableServiceException.Refused(operation, ex.Status, ex.ErrorCode);
        }
        catch (RequestFailedException ex) when (ex.InnerException is HttpRequestException or IOException)
        {
            ExceptionDispatchInfo.Throw(ex.InnerException);
            throw;
        }
        catch (Azure.Identity.AuthenticationFailedException ex)
        {
            throw TableServiceException.NoToken(operation, ex.Message.Split('\n')[0].Trim());
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            // The SDK's per-request timeout fired, not the caller's token.
            throw TableServiceException.NoAnswer(operation, CallTimeout);
        }
    }
}
