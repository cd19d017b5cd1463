namespace TableLoad.Engine;

/// <summary>
/// The user's stop requests: the first asks to stop starting batches and let in-flight ones finish;
/// the second abandons whatever is still in flight.
/// </summary>
internal sealed class StopSignals : IDisposable
{
    private readonly CancellationTokenSource _stopStarting = new();
    private readonly CancellationTokenSource _abandon = new();

    public CancellationToken StopStarting => _stopStarting.Token;

    public CancellationToken Abandon => _abandon.Token;

    public bool Interrupted { get; private set; }

    public void Request()
    {
        if (Interrupted)
        {
            _abandon.Cancel();
            return;
        }

        Interrupted = true;
        _stopStarting.Cancel();
    }

    /// <summary>Stops starting batches without escalating on a repeat (for requests relayed by a coordinator).</summary>
    public void RequestStop()
    {
        Interrupted = true;
        _stopStarting.Cancel();
    }

    public void AbandonAfter(TimeSpan delay) => _abandon.CancelAfter(delay);

    public void Dispose()
    {
        _stopStarting.Dispose();
        _abandon.Dispose();
    }
}
