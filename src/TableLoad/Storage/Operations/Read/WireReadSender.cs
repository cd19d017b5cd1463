using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Storage.Operations.Read;

/// <summary>One task loop's point read: a GET of the entity's address, <c>table(PartitionKey='..',RowKey='..')</c>.</summary>
internal sealed class WireReadSender(WireBatchClient client) : IRequestSender
{
    private Uri? _address;

    public void Prepare(BatchIdentity keys, int count) => _address = client.EntityAddress(keys);

    public async Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken) =>
        (await client.GetAsync(_address!, AnswerKind.Entity, clientRequestId, cancellationToken).ConfigureAwait(false)).Response;
}
