using TableLoad.Workload;

namespace TableLoad.Storage;

/// <summary>One task loop's batch: prepared once, sent once per attempt.</summary>
internal interface IBatchSender
{
    /// <summary>Makes the next batch: <paramref name="count"/> operations (the run's <see cref="BatchOperation"/>) on the template's entity under the batch's keys and nonce.</summary>
    void Prepare(BatchIdentity batch, int count);

    /// <summary>Sends the prepared batch once. Throws for failures that produced no answer (network, cancellation).</summary>
    Task<BatchResponse> SendAsync(CancellationToken cancellationToken);
}
