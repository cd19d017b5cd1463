using TableLoad.Bench.Loops;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Bench.Floor;

/// <summary>
/// The least a client can do to insert the same batches: T loops over one shared HttpClient (TableLoad's
/// handler settings) posting a pre-serialized body, signed once a second, reading the answer into a reused
/// buffer. Whatever TableLoad's wire client spends beyond this is its own overhead.
/// </summary>
internal sealed class FloorClient(LoopOptions options)
{
    private const string KeyPrefix = "fl";

    public async Task<LoopResult> RunAsync(CancellationToken cancellationToken)
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
        var batchUri = new Uri(endpoint + "/$batch");
        var signer = new FloorSigner(options.AccountName, Convert.FromBase64String(options.AccountKey), "/" + options.AccountName + batchUri.AbsolutePath, FloorLoop.BodyType.ToString());
        var template = EntityTemplate.Create(options.EntitySize, options.Properties);
        var instance = Random.Shared.Next(1000);

        using var http = new HttpClient(HttpHandlerFactory.Create(options.Tasks + 4), disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
        var loops = new IBatchLoop[options.Tasks];
        for (var task = 0; task < loops.Length; task++)
        {
            var body = FloorBody.Create(template, $"{endpoint}/{table}", KeyPrefix, KeyPrefix, instance, task, options.BatchSize);
            loops[task] = new FloorLoop(body, http, batchUri, signer);
        }

        var result = await new LoopHarness(options).RunAsync(loops, cancellationToken).ConfigureAwait(false);
        await setup.DeleteAsync(CancellationToken.None).ConfigureAwait(false);
        return result;
    }
}
