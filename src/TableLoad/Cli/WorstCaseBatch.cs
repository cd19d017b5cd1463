using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Cli;

/// <summary>
/// What the service would refuse only once a run is under way, checked before it starts: the largest
/// entity against its 1 MiB limit, and the largest batch request (keys of the longest form) against 4 MiB.
/// </summary>
internal static class WorstCaseBatch
{
    public const int MaxBatchBodyBytes = 4 * 1024 * 1024;

    // A run id (at most 40 characters), a dot and 8 hex digits.
    private const int NonceLength = 49;

    /// <param name="shape">How the entity was asked for, as the sentences name it: <c>--entity-size 1024</c> or <c>--entity FILE</c>.</param>
    /// <param name="keySpace">The run's key space: its keys and nonces have the other form (<see cref="TaskKeys"/>).</param>
    public static void Check(UsageErrors errors, EntityTemplate template, string shape, string prefix, Batching batching, Uri tableEndpoint, string table, TableOperation operation = TableOperation.Insert, int? keySpace = null)
    {
        var batchSize = batching.Size;
        var partitionKey = new string('p', prefix.Length + 10);
        var longest = keySpace is { } space
            ? new BatchIdentity(partitionKey, RowKeys.CycleStem(prefix, 999, 999, 9999), new string('n', NonceLength + TaskKeys.CycleNonceSuffixLength), 0, space)
            : new BatchIdentity(partitionKey, RowKeys.Stem(prefix, 999, 999, 9999, 9_999_999_999), new string('n', NonceLength));
        var entityBytes = EntityTemplate.ServiceSize(template.Shape, partitionKey.Length, longest.RowKey(0).Length, longest.Nonce.Length);
        if (!errors.Require(entityBytes <= EntityTemplate.MaxEntityBytes, $"An entity of {shape} takes {entityBytes} bytes in the service, over its 1 MiB ({EntityTemplate.MaxEntityBytes} bytes) limit."))
        {
            return;
        }

        // A read, a query or a read-modify-write sends no batch; the preload that fills its key space does, of upserts. Single writes send none.
        var sendsBatches = batching.Form switch
        {
            WriteForm.Transaction => true,
            WriteForm.Single => operation.DrawsKeys(),
        };
        if (!sendsBatches)
        {
            return;
        }

        if (operation.DrawsKeys())
        {
            (operation, batchSize) = (TableOperation.UpsertReplace, Math.Min(Engine.Preload.MaxBatchSize, keySpace ?? Engine.Preload.MaxBatchSize));
        }

        var writer = new BatchBodyWriter(template, $"{tableEndpoint.AbsoluteUri.TrimEnd('/')}/{table}", operation);
        var body = writer.Write(longest, batchSize);
        errors.Require(body.Length <= MaxBatchBodyBytes, $"A batch of {batchSize} entities of {shape} makes a {body.Length}-byte request, over the service's 4 MiB ({MaxBatchBodyBytes} bytes) batch limit; lower --batch-size{(shape.StartsWith("--entity ", StringComparison.Ordinal) ? "" : " or --entity-size")}.");
    }
}
