using TableLoad.Bench.Loops;
using TableLoad.Storage;
using TableLoad.Storage.Wire;

namespace TableLoad.Bench.Floor;

/// <summary>
/// The floor of a point read: T loops over one bare HttpClient (TableLoad's handler settings) sending GETs of
/// <c>table(PartitionKey='..',RowKey='..')</c> to addresses built before the run, each signed per request. Whatever TableLoad's
/// <c>--client wire --operation read</c> spends beyond this is its own overhead.
/// </summary>
internal sealed class RawReadClient(ReadLoopOptions options)
{
    public async Task<LoopResult> RunAsync(CancellationToken cancellationToken)
    {
        var loop = options.Loop;
        LoopHarness.TuneThreadPool(loop.Tasks);
        var tableUrl = $"{loop.TableEndpoint.AbsoluteUri.TrimEnd('/')}/{options.Table}";
        var resourcePrefix = "/" + loop.AccountName;
        var key = Convert.FromBase64String(loop.AccountKey);
        var keys = new PreloadedKeys(options.KeyPrefix, options.KeySpace);
        var partition = ODataKeys.Literal(keys.PartitionKey);

        using var http = new HttpClient(HttpHandlerFactory.Create(loop.Tasks + 4), disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
        var loops = new IBatchLoop[loop.Tasks];
        for (var task = 0; task < loops.Length; task++)
        {
            var addresses = keys.RowKeys(task)
                .Select(rowKey => new Uri($"{tableUrl}(PartitionKey='{partition}',RowKey='{ODataKeys.Literal(rowKey)}')"))
                .Select(uri => new RawReadLoop.Address(uri, resourcePrefix + uri.AbsolutePath))
                .ToArray();
            loops[task] = new RawReadLoop(http, addresses, loop.AccountName, key, new Random(task));
        }

        return await new LoopHarness(loop).RunAsync(loops, cancellationToken).ConfigureAwait(false);
    }
}
