using Azure;
using Azure.Data.Tables;
using TableLoad.Bench.Loops;

namespace TableLoad.Bench.SdkLoop;

/// <summary>One task of the plain SDK read loop: <see cref="TableClient.GetEntityAsync{T}"/> of a key drawn uniformly from its task's key space.</summary>
internal sealed class SdkReadLoop(TableClient table, string partitionKey, string[] rowKeys, Random random) : IBatchLoop
{
    public async Task<bool> SendAsync(long sequence, CancellationToken cancellationToken)
    {
        try
        {
            var response = await table.GetEntityAsync<TableEntity>(partitionKey, rowKeys[random.Next(rowKeys.Length)], cancellationToken: cancellationToken).ConfigureAwait(false);
            return response.GetRawResponse().Status == 200;
        }
        catch (RequestFailedException)
        {
            // A key not found (404) or a refused read counts as failed, as the raw read loop counts it.
            return false;
        }
    }
}
