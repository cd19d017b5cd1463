using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Storage.Operations.Query;

/// <summary>
/// One task loop's range query: <c>GET table()?$filter=PartitionKey eq 'P' and RowKey ge 'R'&amp;$top=N</c>, the pages followed by their
/// continuation headers until the entities the query wants (its count) came or no page follows; each page asks only for what is still wanted.
/// </summary>
internal sealed class WireQuerySender(WireBatchClient client) : IRequestSender
{
    private string _firstPage = "";
    private int _wanted;

    public void Prepare(BatchIdentity keys, int count)
    {
        _firstPage = $"{client.TableUrl}()?$filter={Uri.EscapeDataString($"PartitionKey eq '{ODataKeys.Quoted(keys.PartitionKey)}' and RowKey ge '{ODataKeys.Quoted(keys.RowKey(0))}'")}";
        _wanted = count;
    }

    public async Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        var shape = client.Query;
        var returned = 0;
        var pages = 0;
        var charge = RequestCharge.Absent;
        QueryContinuation? next = null;
        while (true)
        {
            var address = new Uri($"{_firstPage}&$top={shape.NextTop(_wanted, returned)}{ContinuationQuery(next)}");
            var (page, continuation) = await client.GetAsync(address, AnswerKind.Entities, clientRequestId, cancellationToken).ConfigureAwait(false);
            pages++;
            charge = charge.Plus(page.Charge);
            if (!page.Succeeded)
            {
                return page with { Charge = charge, Pages = pages };
            }

            returned += page.EntitiesReturned;
            next = continuation;
            if (returned >= _wanted || next is null)
            {
                return page with { Charge = charge, Pages = pages, EntitiesReturned = returned };
            }
        }
    }

    private static string ContinuationQuery(QueryContinuation? next) => next switch
    {
        null => "",
        { RowKey: null } => $"&NextPartitionKey={Uri.EscapeDataString(next.PartitionKey)}",
        _ => $"&NextPartitionKey={Uri.EscapeDataString(next.PartitionKey)}&NextRowKey={Uri.EscapeDataString(next.RowKey)}",
    };
}
