using Azure;
using Azure.Data.Tables;
using TableLoad.Storage.Operations;
using TableLoad.Workload;

namespace TableLoad.Storage.Sdk;

/// <summary>
/// One task loop's write or delete of one entity by itself (<c>--batch-size none</c>), as applications send them: <see cref="TableClient.AddEntityAsync{T}"/>,
/// <see cref="TableClient.UpsertEntityAsync{T}"/> in Replace or Merge mode, <see cref="TableClient.DeleteEntityAsync(string, string, ETag, CancellationToken)"/>
/// with <see cref="ETag.All"/>. Its entity is made once and re-keyed for every request; a write's properties are the template's shared values.
/// </summary>
internal sealed class SdkSingleWriteSender(TableClient table, EntityTemplate template, WriteDefinition write, TimeProvider time, ClientRequestIdPolicy requestIds) : IRequestSender
{
    private readonly TableEntity _entity = write.KeyUse.Stores() ? SdkBatchSender.TemplateEntity(template) : new TableEntity();

    public void Prepare(BatchIdentity keys, int count)
    {
        _entity.PartitionKey = keys.PartitionKey;
        _entity.RowKey = keys.RowKey(0);
        if (write.KeyUse.Stores())
        {
            _entity[EntityTemplate.NonceProperty] = keys.Nonce;
        }
    }

    public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        requestIds.Use(clientRequestId);
        return SdkAnswers.OfAsync(SendOnceAsync(cancellationToken), time);
    }

    private async Task<BatchResponse> SendOnceAsync(CancellationToken cancellationToken)
    {
        var answer = await write.SendOneAsync(table, _entity, cancellationToken).ConfigureAwait(false);

        // The SDK answers a delete of a key that is not there with its 404 rather than an exception.
        return answer.IsError ? SdkAnswers.NotFound(answer) : SdkAnswers.Accepted(answer);
    }
}
