namespace TableLoad.Engine;

/// <summary>
/// The user's stop requests: the first asks to stop starting batches and let in-flight ones finish;
/// the second abandons whatever is still in flight.
/// </summary>
/// <param name="time">The run's clock, on which an abandon after a stop is timed.</param>
internal sealed class StopSignals(TimeProvider time) : IDisposable
{
    private readonly CancellationTokenSource _stopStarting = new();
    private readonly CancellationTokenSource _abandon = new(Timeout.InfiniteTimeSpan, time);

    public CancellationToken StopStarting => _stopStarting.Token;

    public CancellationToken Abandon => _abandon.Token;

    /// <summary>Cancelled by any Ctrl+C, the first included: ends a wait after the run (for the service's metrics).</summary>
    public CancellationToken Interrupt => _interrupt.Token;

    private readonly CancellationTokenSource _interrupt = new();

    // Written from the signal thread and read by the load loops: one atomic flag, so exactly one request is the first.
    private int _interrupted;

    public bool Interrupted => Volatile.Read(ref _interrupted) == 1;

    public void Request()
    {
        _interrupt.Cancel();
        if (Interlocked.Exchange(ref _interrupted, 1) == 1)
        {
            _abandon.Cancel();
            return;
        }

        _stopStarting.Cancel();
    }

    /// <summary>Stops starting batches without escalating on a repeat (for requests relayed by a coordinator).</summary>
    public void RequestStop()
    {
        Volatile.Write(ref _interrupted, 1);
        _stopStarting.Cancel();
    }

    /// <summary>Stops starting batches because the run has its answer (<c>--abort-if</c>): not an interruption, so a Ctrl+C after it is still the first.</summary>
    public void StopAtCondition() => _stopStarting.Cancel();

    public void AbandonAfter(TimeSpan delay) => _abandon.CancelAfter(delay);

    /// <summary>Once a stop is asked, what is in flight gets one attempt's timeout and 5 s more before it is abandoned, so a stop ends promptly even mid-retry.</summary>
    public CancellationTokenRegistration AbandonSoonAfterStop(TimeSpan attemptTimeout) =>
        _stopStarting.Token.Register(() => AbandonAfter(attemptTimeout + TimeSpan.FromSeconds(5)));

    public void Dispose()
    {
        _stopStarting.Dispose();
        _interrupt.Dispose();
        _abandon.Dispose();
    }
}
