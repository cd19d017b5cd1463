using Azure.Data.Tables;
using TableLoad.Storage.Sdk;
using TableLoad.Workload;

namespace TableLoad.Storage.Operations.Read;

/// <summary>One task loop's point read through <see cref="TableClient.GetEntityIfExistsAsync{T}"/>, as applications read: an entity not there is an answer (404), not an exception.</summary>
internal sealed class SdkReadSender(TableClient table, TimeProvider time, ClientRequestIdPolicy requestIds) : IRequestSender
{
    private string _partitionKey = "";
    private string _rowKey = "";

    public void Prepare(BatchIdentity keys, int count)
    {
        _partitionKey = keys.PartitionKey;
        _rowKey = keys.RowKey(0);
    }

    public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        requestIds.Use(clientRequestId);
        return SdkAnswers.OfAsync(Read(cancellationToken), time);
    }

    private async Task<BatchResponse> Read(CancellationToken cancellationToken)
    {
        var answer = await table.GetEntityIfExistsAsync<TableEntity>(_partitionKey, _rowKey, cancellationToken: cancellationToken).ConfigureAwait(false);
        var raw = answer.GetRawResponse();
        return answer.HasValue
            ? SdkAnswers.Accepted(raw) with { EntitiesReturned = 1 }
            : SdkAnswers.NotFound(raw);
    }
}
