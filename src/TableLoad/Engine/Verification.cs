using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Counts what the table holds, reading keys only, so reported successes can be checked against storage.</summary>
internal static class Verification
{
    public static async Task<long> CountAsync(TableRestClient client, string table, CancellationToken cancellationToken)
    {
        var byPartition = await client.CountByPartitionAsync(table, cancellationToken).ConfigureAwait(false);
        return byPartition.Values.Sum();
    }
}
