using System.Globalization;
using Azure;
using Azure.Data.Tables;
using TableLoad.Bench.Loops;
using TableLoad.Workload;

namespace TableLoad.Bench.SdkLoop;

/// <summary>One task of the plain SDK upsert loop: a new <see cref="TableEntity"/> per request, upserted (Replace) and awaited.</summary>
internal sealed class SdkUpsertLoop(TableClient table, IReadOnlyList<KeyValuePair<string, object>> payloads, string partitionKey, string rowKeyStem) : IBatchLoop
{
    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        var entity = new TableEntity(partitionKey, string.Create(CultureInfo.InvariantCulture, $"{rowKeyStem}{sequence:D10}"))
        {
            [EntityTemplate.NonceProperty] = Guid.NewGuid().ToString("N"),
        };
        foreach (var (name, value) in payloads)
        {
            entity[name] = value;
        }

        try
        {
            var response = await table.UpsertEntityAsync(entity, TableUpdateMode.Replace, cancellationToken).ConfigureAwait(false);
            return response.Status == 204;
        }
        catch (RequestFailedException)
        {
            // A refused upsert counts as failed, as the PUT floor counts it.
            return false;
        }
    }
}
