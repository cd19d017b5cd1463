using TableLoad.Storage.Operations;
using TableLoad.Workload;

namespace TableLoad.Storage.Wire;

/// <summary>
/// One task loop's write or delete of one entity by itself (<c>--batch-size none</c>), each the request Azure.Data.Tables' <c>TableClient</c> sends
/// for it: an insert POSTs the entity to the table asking for no content back; an upsert PUTs (replace) or PATCHes (merge) it to its address
/// without If-Match; a delete DELETEs the address with <c>If-Match: *</c>. The entity's JSON is written into the task's reused buffer.
/// </summary>
internal sealed class WireSingleWriteSender(WireBatchClient client, EntityBodyWriter writer, WriteDefinition write) : IRequestSender
{
    private readonly HttpMethod _method = new(write.WireMethod);
    private Uri? _address;
    private ReadOnlyMemory<byte>? _entity;

    public void Prepare(BatchIdentity keys, int count)
    {
        _address = write.KeyUse.WritesOnlyNew() ? client.TableUri : client.EntityAddress(keys);
        _entity = write.KeyUse.Stores() ? writer.Write(keys) : null;
    }

    public Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken) => write.KeyUse switch
    {
        KeyUse.WritesNew => client.WriteAsync(_method, _address!, _entity, ifMatch: null, askNoContent: true, clientRequestId, cancellationToken),
        KeyUse.Overwrites => client.WriteAsync(_method, _address!, _entity, ifMatch: null, askNoContent: false, clientRequestId, cancellationToken),
        KeyUse.Deletes => client.WriteAsync(_method, _address!, entity: null, ifMatch: "*", askNoContent: false, clientRequestId, cancellationToken),
        KeyUse.Reads or KeyUse.Updates => throw new InvalidOperationException($"{write.Name} is no single write."),
    };
}
