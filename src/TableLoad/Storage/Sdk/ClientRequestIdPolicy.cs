using Azure.Core;
using Azure.Core.Pipeline;

namespace TableLoad.Storage.Sdk;

/// <summary>
/// Sends TableLoad's <c>x-ms-client-request-id</c> through the SDK, whose calls take no request id: a sender names the id for the call it is
/// about to make (<see cref="Use"/>), and this per-call policy sets it on every message that call sends, so a query's pages and a
/// read-modify-write's two requests carry it too.
/// </summary>
internal sealed class ClientRequestIdPolicy : HttpPipelineSynchronousPolicy
{
    // Flows with the call into the SDK's own awaits; each call's value is set before the call, so a stale one is never read.
    private readonly AsyncLocal<string?> _current = new();

    /// <summary>The id of the calls made from here on in this flow.</summary>
    public void Use(string clientRequestId) => _current.Value = clientRequestId;

    public override void OnSendingRequest(HttpMessage message)
    {
        if (_current.Value is { } id)
        {
            // Both: the SDK's own policy writes the header from ClientRequestId, whichever of the two runs first.
            message.Request.ClientRequestId = id;
            message.Request.Headers.SetValue(ServiceHeaders.ClientRequestIdName, id);
        }
    }
}
