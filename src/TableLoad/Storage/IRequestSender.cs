using TableLoad.Workload;

namespace TableLoad.Storage;

/// <summary>One task loop's request of one <see cref="TableOperation"/>: prepared once per request, sent once per attempt.</summary>
internal interface IRequestSender
{
    /// <summary>
    /// Makes the next request on the keys of <paramref name="keys"/>: a batch of <paramref name="count"/> writes or deletes,
    /// a read of its first key (count 1), or a query from its first key for up to <paramref name="count"/> entities.
    /// </summary>
    void Prepare(BatchIdentity keys, int count);

    /// <summary>Sends the prepared request once. Throws for failures that produced no answer (network, cancellation).</summary>
    /// <param name="clientRequestId">The request's <c>x-ms-client-request-id</c>, the same on every attempt: the service's log names it.</param>
    Task<BatchResponse> SendAsync(string clientRequestId, CancellationToken cancellationToken);
}
