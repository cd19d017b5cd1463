using Azure.Data.Tables;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>Batches through Azure.Data.Tables' <see cref="TableClient.SubmitTransactionAsync"/>, as applications send them.</summary>
internal sealed class SdkBatchClient : IBatchClient
{
    private readonly HttpMessageHandler _handler;
    private readonly TableClient _table;
    private readonly EntityTemplate _template;
    private readonly BatchOperation _operation;
    private readonly TimeProvider _time;

    /// <param name="time">The run's clock, which a Retry-After date is measured against.</param>
    public SdkBatchClient(AuthorizedTarget target, string table, EntityTemplate template, HttpMessageHandler handler, bool diagnostics, TimeProvider time, BatchOperation operation = BatchOperation.Insert)
    {
        _handler = handler;
        _template = template;
        _operation = operation;
        _time = time;
        var options = SdkClientOptions.Create(handler, Timeout.InfiniteTimeSpan, diagnostics);
        _table = target.Authorizer.CreateServiceClient(target.TableEndpoint, options).GetTableClient(table);
    }

    public BatchClientKind Kind => BatchClientKind.Sdk;

    public IBatchSender CreateSender() => new SdkBatchSender(_table, _template, _operation, _time);

    public void Dispose() => _handler.Dispose();
}
