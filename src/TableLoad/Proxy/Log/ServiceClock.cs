using System.Diagnostics;
using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy.Log;

/// <summary>
/// One request's service time as the proxy's request log counts it, a feature of the request: the target's time to answer, and the
/// proxy's own <c>--latency</c>, which emulates a slow service. Absent when the proxy writes no log.
/// </summary>
internal sealed class ServiceClock
{
    private long _ticks;

    public TimeSpan Elapsed => TimeSpan.FromTicks(Volatile.Read(ref _ticks));

    public static ServiceClock? Of(HttpContext context) => context.Features.Get<ServiceClock>();

    public void Add(TimeSpan time) => Interlocked.Add(ref _ticks, time.Ticks);

    /// <summary>Adds the time until <paramref name="answering"/> completes: the target's time to its answer's headers.</summary>
    public async Task<T> TimeAsync<T>(Task<T> answering)
    {
        var started = Stopwatch.GetTimestamp();
        try
        {
            return await answering.ConfigureAwait(false);
        }
        finally
        {
            Add(Stopwatch.GetElapsedTime(started));
        }
    }
}
