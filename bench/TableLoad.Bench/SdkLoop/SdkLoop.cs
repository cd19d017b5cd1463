using System.Globalization;
using Azure;
using Azure.Data.Tables;
using TableLoad.Bench.Loops;
using TableLoad.Workload;

namespace TableLoad.Bench.SdkLoop;

/// <summary>One task of the plain SDK loop: a new list of new <see cref="TableEntity"/> inserts per batch, submitted and awaited.</summary>
internal sealed class SdkLoop(TableClient table, IReadOnlyList<KeyValuePair<string, object>> payloads, string partitionKey, string rowKeyStem, int batchSize) : IBatchLoop
{
    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        var nonce = Guid.NewGuid().ToString("N");
        var actions = new List<TableTransactionAction>(batchSize);
        for (var i = 0; i < batchSize; i++)
        {
            var entity = new TableEntity(partitionKey, string.Create(CultureInfo.InvariantCulture, $"{rowKeyStem}{sequence:D10}-{i:D3}"))
            {
                [EntityTemplate.NonceProperty] = nonce,
            };
            foreach (var (name, bytes) in payloads)
            {
                entity[name] = bytes;
            }

            actions.Add(new TableTransactionAction(TableTransactionActionType.Add, entity));
        }

        try
        {
            var response = await table.SubmitTransactionAsync(actions, cancellationToken).ConfigureAwait(false);
            return response.GetRawResponse().Status == 202;
        }
        catch (RequestFailedException)
        {
            // A refused batch (whole or one insert) counts as failed, as the floor counts it.
            return false;
        }
    }
}
