using Azure.Data.Tables;
using TableLoad.Storage.Sdk;
using TableLoad.Workload;

namespace TableLoad.Storage.Operations.Query;

/// <summary>
/// One task loop's range query through <see cref="TableClient.QueryAsync{T}(string, int?, IEnumerable{string}, CancellationToken)"/>:
/// <c>PartitionKey eq P and RowKey ge R</c>, its pages of <see cref="QueryShape.NextTop"/>(wanted, 0) entities each (the SDK asks every page for the
/// same) followed until the entities the query wants (its count) came or the range ended.
/// </summary>
internal sealed class SdkQuerySender(TableClient table, QueryShape shape, TimeProvider time, ClientRequestIdPolicy requestIds) : IRequestSender
{
    private string _filter = "";
    private int _wanted;

    public void Prepare(BatchIdentity keys, int count)
    {
        _filter = TableClient.CreateQueryFilter($"PartitionKey eq {keys.PartitionKey} and RowKey ge {keys.RowKey(0)}");
        _wanted = count;
    }

    public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        requestIds.Use(clientRequestId);
        return SdkAnswers.OfAsync(QueryAsync(cancellationToken), time);
    }

    private async Task<BatchResponse> QueryAsync(CancellationToken cancellationToken)
    {
        var returned = 0;
        var pages = 0;
        var charge = RequestCharge.Absent;
        var status = 200;
        string? requestId = null;
        // The SDK asks each page for maxPerPage entities, the last page too.
        var top = shape.NextTop(_wanted, 0);
        await foreach (var page in table.QueryAsync<TableEntity>(_filter, top, cancellationToken: cancellationToken)
            .AsPages(pageSizeHint: top).ConfigureAwait(false))
        {
            pages++;
            var raw = page.GetRawResponse();
            status = raw.Status;
            requestId = SdkAnswers.RequestId(raw);
            charge = charge.Plus(SdkAnswers.Charge(raw));
            returned += page.Values.Count;
            if (returned >= _wanted || page.ContinuationToken is null)
            {
                break;
            }
        }

        // What the service returned, all of it: the SDK asks every page for the same number, so its last page may bring more than the
        // query wanted, and the service did that work.
        return new BatchResponse(status, null, null) { Charge = charge, EntitiesReturned = returned, Pages = pages, RequestId = requestId };
    }
}
