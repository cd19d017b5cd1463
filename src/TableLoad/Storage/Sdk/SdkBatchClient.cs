using Azure.Data.Tables;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>Batches through Azure.Data.Tables' <see cref="TableClient.SubmitTransactionAsync"/>, as applications send them.</summary>
internal sealed class SdkBatchClient : IBatchClient
{
    private readonly HttpMessageHandler _handler;
    private readonly TableClient _table;
    private readonly EntityTemplate _template;

    public SdkBatchClient(AuthorizedTarget target, string table, EntityTemplate template, HttpMessageHandler handler, bool diagnostics)
    {
        _handler = handler;
        _template = template;
        var options = SdkClientOptions.Create(handler, Timeout.InfiniteTimeSpan, diagnostics);
        _table = target.Authorizer.CreateServiceClient(target.TableEndpoint, options).GetTableClient(table);
    }

    public ClientKind Kind => ClientKind.Sdk;

    public IBatchSender CreateSender() => new SdkBatchSender(_table, _template);

    public void Dispose() => _handler.Dispose();
}
