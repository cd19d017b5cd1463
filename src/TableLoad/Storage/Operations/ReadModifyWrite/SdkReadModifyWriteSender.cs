using Azure;
using Azure.Data.Tables;
using TableLoad.Storage.Sdk;
using TableLoad.Workload;

namespace TableLoad.Storage.Operations.ReadModifyWrite;

/// <summary>
/// One task loop's read-modify-write, as applications update optimistically: <see cref="TableClient.GetEntityIfExistsAsync{T}"/>, then
/// <see cref="TableClient.UpdateEntityAsync{T}"/> in <see cref="TableUpdateMode.Replace"/> with the ETag the read returned. The entity it
/// writes is the run's (the template's properties, <see cref="EntityTemplate.NonceProperty"/> set to the task's nonce), so both clients
/// write the same bytes. A read that finds nothing sends no write.
/// </summary>
internal sealed class SdkReadModifyWriteSender(TableClient table, EntityTemplate template, TimeProvider time, ClientRequestIdPolicy requestIds) : IRequestSender
{
    private readonly TableEntity _entity = SdkBatchSender.TemplateEntity(template);

    public void Prepare(BatchIdentity keys, int count)
    {
        _entity.PartitionKey = keys.PartitionKey;
        _entity.RowKey = keys.RowKey(0);
        _entity[EntityTemplate.NonceProperty] = keys.Nonce;
    }

    public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        requestIds.Use(clientRequestId);
        return SdkAnswers.OfAsync(ReadThenReplaceAsync(cancellationToken), time);
    }

    private async Task<BatchResponse> ReadThenReplaceAsync(CancellationToken cancellationToken)
    {
        var read = await table.GetEntityIfExistsAsync<TableEntity>(_entity.PartitionKey, _entity.RowKey, cancellationToken: cancellationToken).ConfigureAwait(false);
        var readAnswer = read.GetRawResponse();
        if (!read.HasValue)
        {
            return SdkAnswers.NotFound(readAnswer);
        }

        var readCharge = SdkAnswers.Charge(readAnswer);
        try
        {
            var replaced = SdkAnswers.Accepted(await table.UpdateEntityAsync(_entity, read.Value!.ETag, TableUpdateMode.Replace, cancellationToken).ConfigureAwait(false));
            return replaced with { Charge = readCharge.Plus(replaced.Charge), EntitiesReturned = 1 };
        }
        catch (RequestFailedException ex) when (ex.Status != 0)
        {
            // The replace refused (a 412 when another writer came between): the pair cost the read's charge too.
            var refused = SdkAnswers.Refused(ex, time);
            return refused with { Charge = readCharge.Plus(refused.Charge) };
        }
    }
}
