namespace TableLoad.Proxy.Metrics;

/// <summary>One minute's requests of one ResponseType and ApiName, counted lock-free; latencies of successes only, as Azure Monitor keeps them.</summary>
internal sealed class MetricsCell
{
    private long _count;
    private long _ingress;
    private long _egress;
    private long _successes;
    private long _serverMicros;
    private long _serverMaxMicros;
    private long _e2eMicros;
    private long _e2eMaxMicros;

    public long Count => Volatile.Read(ref _count);

    public long Ingress => Volatile.Read(ref _ingress);

    public long Egress => Volatile.Read(ref _egress);

    public long Successes => Volatile.Read(ref _successes);

    public long ServerMicros => Volatile.Read(ref _serverMicros);

    public long ServerMaxMicros => Volatile.Read(ref _serverMaxMicros);

    public long E2EMicros => Volatile.Read(ref _e2eMicros);

    public long E2EMaxMicros => Volatile.Read(ref _e2eMaxMicros);

    public void Add(long ingress, long egress, (long ServerMicros, long E2EMicros)? success)
    {
        Interlocked.Increment(ref _count);
        Interlocked.Add(ref _ingress, ingress);
        Interlocked.Add(ref _egress, egress);
        if (success is { } latency)
        {
            Interlocked.Increment(ref _successes);
            Interlocked.Add(ref _serverMicros, latency.ServerMicros);
            Interlocked.Add(ref _e2eMicros, latency.E2EMicros);
            InterlockedMax.Raise(ref _serverMaxMicros, latency.ServerMicros);
            InterlockedMax.Raise(ref _e2eMaxMicros, latency.E2EMicros);
        }
    }
}
