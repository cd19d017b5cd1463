using System.Globalization;
using Azure.Core.Pipeline;
using Azure.Data.Tables;
using TableLoad.Bench.Loops;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Bench.SdkLoop;

/// <summary>
/// The plain SDK loop: what a competent user writes by hand with Azure.Data.Tables. T loops over one
/// TableClient (SDK retries, logging and tracing off; TableLoad's socket handler and connection limit), each
/// submitting a new list of new entities per batch. Whatever TableLoad's SDK client spends beyond this is its own.
/// </summary>
internal sealed class SdkLoopClient(LoopOptions options)
{
    private const string KeyPrefix = "sl";

    public async Task<LoopResult> RunAsync(CancellationToken cancellationToken)
    {
        LoopHarness.TuneThreadPool(options.Tasks);
        var clientOptions = new TableClientOptions { Transport = new HttpClientTransport(HttpHandlerFactory.Create(options.Tasks + 4)) };
        clientOptions.Retry.MaxRetries = 0;
        clientOptions.Diagnostics.IsLoggingEnabled = false;
        clientOptions.Diagnostics.IsDistributedTracingEnabled = false;

        // Processes started side by side (--processes 2) must not share a name made in the same millisecond.
        var tableName = "sdkloop" + DateTime.UtcNow.ToString("yyyyMMddHHmmssfff", CultureInfo.InvariantCulture) + Random.Shared.Next(10_000).ToString("D4", CultureInfo.InvariantCulture);
        var table = new TableClient(options.TableEndpoint, tableName, new TableSharedKeyCredential(options.AccountName, options.AccountKey), clientOptions);
        await table.CreateAsync(cancellationToken).ConfigureAwait(false);

        // The same payload TableLoad sends: its template's values, made once and shared by every entity.
        var payloads = EntityTemplate.Create(options.EntitySize, options.Properties).Values;
        var instance = Random.Shared.Next(1000);
        var loops = Enumerable.Range(0, options.Tasks)
            .Select(task => (IBatchLoop)new SdkLoop(table, payloads, KeyPrefix, string.Create(CultureInfo.InvariantCulture, $"{KeyPrefix}-{instance:D3}-{task:D4}-"), options.BatchSize))
            .ToArray();

        var result = await new LoopHarness(options).RunAsync(loops, cancellationToken).ConfigureAwait(false);
        await table.DeleteAsync(CancellationToken.None).ConfigureAwait(false);
        return result;
    }
}
