using TableLoad.Bench.Loops;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Bench.Floor;

/// <summary>
/// The least a client can do to write the same entities: T loops over one shared HttpClient (TableLoad's handler settings),
/// each sending a pre-serialized body re-keyed per request and reading the answer into a reused buffer. The batch floor posts
/// pre-built batches, signed once a second; the PUT floor PUTs pre-built entities to their addresses, signed per request as
/// TableLoad's wire client signs a single write. Whatever TableLoad's wire client spends beyond this is its own overhead.
/// </summary>
internal sealed class FloorClient(LoopOptions options)
{
    private const string KeyPrefix = "fl";

    /// <summary>The batch floor: each task posts its pre-built batch of <see cref="LoopOptions.BatchSize"/> inserts.</summary>
    public Task<LoopResult> RunAsync(CancellationToken cancellationToken)
    {
        var batchUri = new Uri(options.TableEndpoint.AbsoluteUri.TrimEnd('/') + "/$batch");
        // One signer for every task: the batch's signature is the same within a second.
        var signer = new FloorSigner(options.AccountName, Convert.FromBase64String(options.AccountKey), "/" + options.AccountName + batchUri.AbsolutePath, FloorLoop.BodyType.ToString());
        return RunAsync(task => new FloorLoop(
            FloorBody.Create(task.Template, $"{task.Endpoint}/{task.Table}", KeyPrefix, KeyPrefix, task.Instance, task.Task, options.BatchSize), task.Http, batchUri, signer), cancellationToken);
    }

    /// <summary>The PUT floor: each task upserts (replace) its pre-built entity, one a request, each under a new RowKey.</summary>
    public Task<LoopResult> RunPutsAsync(CancellationToken cancellationToken) => RunAsync(PutLoop, cancellationToken);

    private async Task<LoopResult> RunAsync(Func<FloorTask, IBatchLoop> loopOf, CancellationToken cancellationToken)
    {
        LoopHarness.TuneThreadPool(options.Tasks);
        var target = AuthorizedTarget.For(ConnectionStringParser.Parse(
            $"DefaultEndpointsProtocol={options.TableEndpoint.Scheme};AccountName={options.AccountName};AccountKey={options.AccountKey};TableEndpoint={options.TableEndpoint}"), TimeProvider.System);
        // Processes started side by side (--processes 2) must not share a name made in the same millisecond.
        var table = "floor" + DateTime.UtcNow.ToString("yyyyMMddHHmmssfff", System.Globalization.CultureInfo.InvariantCulture)
            + Random.Shared.Next(10_000).ToString("D4", System.Globalization.CultureInfo.InvariantCulture);
        using var setup = new TableAdmin(target, table, TimeSpan.FromSeconds(30));
        await setup.CreateAsync(cancellationToken).ConfigureAwait(false);

        var endpoint = options.TableEndpoint.AbsoluteUri.TrimEnd('/');
        var template = EntityTemplate.Create(options.EntitySize, options.Properties);
        var instance = Random.Shared.Next(1000);
        using var http = new HttpClient(HttpHandlerFactory.Create(options.Tasks + 4), disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
        var loops = Enumerable.Range(0, options.Tasks).Select(task => loopOf(new FloorTask(http, endpoint, table, template, instance, task))).ToArray();

        var result = await new LoopHarness(options).RunAsync(loops, cancellationToken).ConfigureAwait(false);
        await setup.DeleteAsync(CancellationToken.None).ConfigureAwait(false);
        return result;
    }

    private IBatchLoop PutLoop(FloorTask task) => new PutFloorLoop(
        FloorBody.CreateEntity(task.Template, KeyPrefix, KeyPrefix, task.Instance, task.Task), task.Http, $"{task.Endpoint}/{task.Table}",
        RowKeys.Stem(KeyPrefix, task.Instance, 0, task.Task, 0), KeyPrefix, options.AccountName, Convert.FromBase64String(options.AccountKey));

    /// <summary>What every task of a floor shares, and which task it is.</summary>
    private sealed record FloorTask(HttpClient Http, string Endpoint, string Table, EntityTemplate Template, int Instance, int Task);
}
