using Azure.Data.Tables;
using TableLoad.Bench.Loops;

namespace TableLoad.Bench.SdkLoop;

/// <summary>
/// The plain SDK read loop: what an application writes to read by key with Azure.Data.Tables. T loops over one TableClient
/// made with default options (the SDK's own transport, retries, logging and tracing), each reading keys of its task's key
/// space. Whatever TableLoad's <c>--client sdk --operation read</c> spends beyond this is its own.
/// </summary>
internal sealed class SdkReadLoopClient(ReadLoopOptions options)
{
    public async Task<LoopResult> RunAsync(CancellationToken cancellationToken)
    {
        LoopHarness.TuneThreadPool(options.Loop.Tasks);
        var table = new TableClient(options.Loop.TableEndpoint, options.Table, new TableSharedKeyCredential(options.Loop.AccountName, options.Loop.AccountKey));
        var keys = new PreloadedKeys(options.KeyPrefix, options.KeySpace);
        var loops = Enumerable.Range(0, options.Loop.Tasks)
            .Select(task => (IBatchLoop)new SdkReadLoop(table, keys.PartitionKey, keys.RowKeys(task), new Random(task)))
            .ToArray();
        return await new LoopHarness(options.Loop).RunAsync(loops, cancellationToken).ConfigureAwait(false);
    }
}
