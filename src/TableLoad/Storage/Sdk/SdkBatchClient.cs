using Azure.Data.Tables;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>Requests through Azure.Data.Tables' <see cref="TableClient"/>, as applications send them: batches by <see cref="TableClient.SubmitTransactionAsync"/>, single writes, reads, queries and read-modify-writes by their own calls.</summary>
internal sealed class SdkBatchClient : IBatchClient
{
    private readonly HttpMessageHandler _handler;
    private readonly SdkSenderParts _parts;

    /// <param name="time">The run's clock, which a Retry-After date is measured against.</param>
    public SdkBatchClient(AuthorizedTarget target, string table, EntityTemplate template, HttpMessageHandler handler, bool diagnostics, TimeProvider time, QueryShape? query = null)
    {
        _handler = handler;
        var requestIds = new ClientRequestIdPolicy();
        var options = SdkClientOptions.Create(handler, Timeout.InfiniteTimeSpan, diagnostics, requestIds);
        var client = target.Authorizer.CreateServiceClient(target.TableEndpoint, options).GetTableClient(table);
        _parts = new SdkSenderParts(client, template, query ?? QueryShape.Default, time, requestIds);
    }

    public BatchClientKind Kind => BatchClientKind.Sdk;

    public IRequestSender CreateSender(TableOperation operation, WriteForm writes) => operation.Definition().SdkSender(_parts, writes);

    public void Dispose() => _handler.Dispose();
}
