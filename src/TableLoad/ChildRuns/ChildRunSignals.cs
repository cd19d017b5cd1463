namespace TableLoad.ChildRuns;

/// <summary>
/// The user's stop requests (Ctrl+C, SIGTERM) during a sweep or a tune: the first ends it after the running
/// child run (a cell, a probe), and each one is passed on to that child's run, which stops and writes its results.
/// </summary>
internal sealed class ChildRunSignals : IDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly Lock _gate = new();
    private Action<int>? _listener;
    private int _requests;

    /// <summary>Cancelled at the first request: no new cell starts, a cool-down ends.</summary>
    public CancellationToken Stopping => _stop.Token;

    public int Requests => Volatile.Read(ref _requests);

    public bool Interrupted => Requests > 0;

    public void Request()
    {
        Action<int>? listener;
        int count;
        lock (_gate)
        {
            count = ++_requests;
            listener = _listener;
        }

        _stop.Cancel();
        listener?.Invoke(count);
    }

    /// <summary>Calls <paramref name="listener"/> with the number of requests so far at each request until disposed, and at once if there were any.</summary>
    public IDisposable Listen(Action<int> listener)
    {
        int count;
        lock (_gate)
        {
            _listener = listener;
            count = _requests;
        }

        if (count > 0)
        {
            listener(count);
        }

        return new Subscription(this);
    }

    public void Dispose() => _stop.Dispose();

    private sealed class Subscription(ChildRunSignals signals) : IDisposable
    {
        public void Dispose()
        {
            lock (signals._gate)
            {
                signals._listener = null;
            }
        }
    }
}
