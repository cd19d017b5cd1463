using Azure.Data.Tables;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>Requests through Azure.Data.Tables' <see cref="TableClient"/>, as applications send them: batches by <see cref="TableClient.SubmitTransactionAsync"/>, single writes, reads, queries and read-modify-writes by their own calls.</summary>
internal sealed class SdkBatchClient : IBatchClient
{
    private readonly HttpMessageHandler _handler;
    private readonly TableClient _table;
    private readonly EntityTemplate _template;
    private readonly QueryShape _query;
    private readonly TimeProvider _time;
    private readonly ClientRequestIdPolicy _requestIds = new();

    /// <param name="time">The run's clock, which a Retry-After date is measured against.</param>
    public SdkBatchClient(AuthorizedTarget target, string table, EntityTemplate template, HttpMessageHandler handler, bool diagnostics, TimeProvider time, QueryShape? query = null)
    {
        _handler = handler;
        _template = template;
        _query = query ?? QueryShape.Default;
        _time = time;
        var options = SdkClientOptions.Create(handler, Timeout.InfiniteTimeSpan, diagnostics, _requestIds);
        _table = target.Authorizer.CreateServiceClient(target.TableEndpoint, options).GetTableClient(table);
    }

    public BatchClientKind Kind => BatchClientKind.Sdk;

    public IRequestSender CreateSender(TableOperation operation, WriteForm writes) => operation switch
    {
        TableOperation.Insert or TableOperation.UpsertReplace or TableOperation.UpsertMerge or TableOperation.Delete => writes switch
        {
            WriteForm.Transaction => new SdkBatchSender(_table, _template, operation, _time, _requestIds),
            WriteForm.Single => new SdkSingleWriteSender(_table, _template, operation, _time, _requestIds),
        },
        TableOperation.Read => new SdkReadSender(_table, _time, _requestIds),
        TableOperation.Query => new SdkQuerySender(_table, _query, _time, _requestIds),
        TableOperation.ReadModifyWrite => new SdkReadModifyWriteSender(_table, _template, _time, _requestIds),
    };

    public void Dispose() => _handler.Dispose();
}
