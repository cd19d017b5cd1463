using System.Globalization;
using Azure.Core.Pipeline;
using Azure.Data.Tables;
using TableLoad.Bench.Loops;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Bench.SdkLoop;

/// <summary>
/// The plain SDK loops: what a user writes by hand with Azure.Data.Tables, T loops over one TableClient. The batch loop is a
/// competent user's (SDK retries, logging and tracing off; TableLoad's socket handler and connection limit), each loop submitting
/// a new list of new entities per batch; the upsert loop is an application's (default client options, as the read loop's), each
/// loop upserting a new entity per request. Whatever TableLoad's SDK client spends beyond them is its own.
/// </summary>
internal sealed class SdkLoopClient(LoopOptions options)
{
    private const string KeyPrefix = "sl";

    /// <summary>Batches of <see cref="LoopOptions.BatchSize"/> inserts by <see cref="TableClient.SubmitTransactionAsync"/>.</summary>
    public Task<LoopResult> RunAsync(CancellationToken cancellationToken)
    {
        var clientOptions = new TableClientOptions { Transport = new HttpClientTransport(HttpHandlerFactory.Create(options.Tasks + 4)) };
        clientOptions.Retry.MaxRetries = 0;
        clientOptions.Diagnostics.IsLoggingEnabled = false;
        clientOptions.Diagnostics.IsDistributedTracingEnabled = false;
        return RunAsync(clientOptions, (table, payloads, stem) => new SdkLoop(table, payloads, KeyPrefix, stem, options.BatchSize), cancellationToken);
    }

    /// <summary>One entity a request by <see cref="TableClient.UpsertEntityAsync{T}"/> in Replace mode, each under a new RowKey.</summary>
    public Task<LoopResult> RunUpsertsAsync(CancellationToken cancellationToken) =>
        RunAsync(new TableClientOptions(), (table, payloads, stem) => new SdkUpsertLoop(table, payloads, KeyPrefix, stem), cancellationToken);

    private async Task<LoopResult> RunAsync(
        TableClientOptions clientOptions, Func<TableClient, IReadOnlyList<KeyValuePair<string, object>>, string, IBatchLoop> loopOf, CancellationToken cancellationToken)
    {
        LoopHarness.TuneThreadPool(options.Tasks);

        // Processes started side by side (--processes 2) must not share a name made in the same millisecond.
        var tableName = "sdkloop" + DateTime.UtcNow.ToString("yyyyMMddHHmmssfff", CultureInfo.InvariantCulture) + Random.Shared.Next(10_000).ToString("D4", CultureInfo.InvariantCulture);
        var table = new TableClient(options.TableEndpoint, tableName, new TableSharedKeyCredential(options.AccountName, options.AccountKey), clientOptions);
        await table.CreateAsync(cancellationToken).ConfigureAwait(false);

        // The same payload TableLoad sends: its template's values, made once and shared by every entity.
        var payloads = EntityTemplate.Create(options.EntitySize, options.Properties).Values;
        var instance = Random.Shared.Next(1000);
        var loops = Enumerable.Range(0, options.Tasks)
            .Select(task => loopOf(table, payloads, string.Create(CultureInfo.InvariantCulture, $"{KeyPrefix}-{instance:D3}-{task:D4}-")))
            .ToArray();

        var result = await new LoopHarness(options).RunAsync(loops, cancellationToken).ConfigureAwait(false);
        await table.DeleteAsync(CancellationToken.None).ConfigureAwait(false);
        return result;
    }
}
