using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.Storage.Operations.ReadModifyWrite;

/// <summary>
/// One task loop's read-modify-write: a GET of the entity's address, then a PUT of the run's entity to it with <c>If-Match</c> set to the
/// ETag the GET returned (the SDK's <c>UpdateEntityAsync</c> in Replace mode). A read that finds nothing sends no PUT.
/// </summary>
internal sealed class WireReadModifyWriteSender(WireBatchClient client, EntityBodyWriter writer) : IRequestSender
{
    /// <summary>The error code of a read answered 200 without an ETag, which no service sends: a <c>rejected</c> request.</summary>
    public const string MissingETagCode = "MissingETag";

    private Uri? _address;
    private ReadOnlyMemory<byte> _entity;

    public void Prepare(BatchIdentity keys, int count)
    {
        _address = client.EntityAddress(keys);
        _entity = writer.Write(keys);
    }

    public async Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken)
    {
        var answer = await client.GetAsync(_address!, AnswerKind.Entity, clientRequestId, cancellationToken).ConfigureAwait(false);
        var read = answer.Response;
        if (!read.Succeeded)
        {
            return read;
        }

        if (answer.ETag is not { } etag)
        {
            // Replacing without the read's ETag would overwrite whatever is there: no conditional write to send.
            return new BatchResponse(0, MissingETagCode, null) { Charge = read.Charge, ErrorMessage = "The read's answer carried no ETag." };
        }

        // The pair is one request: its charge is both answers'; what it returns is the entity it read.
        var replaced = await client.ReplaceAsync(_address!, _entity, etag, clientRequestId, cancellationToken).ConfigureAwait(false);
        return replaced with { Charge = read.Charge.Plus(replaced.Charge), EntitiesReturned = replaced.Succeeded ? 1 : 0 };
    }
}
