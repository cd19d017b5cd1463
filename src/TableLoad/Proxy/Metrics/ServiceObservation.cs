using System.Diagnostics;
using Microsoft.AspNetCore.Http;

namespace TableLoad.Proxy.Metrics;

/// <summary>
/// What the emulated service saw of one request, set by the request handler as it goes: the time the service spent on it
/// (the proxy's own latency and the target's time to answer), and whether it reached the service at all.
/// </summary>
internal sealed class ServiceObservation
{
    private long _serverTicks;

    public long StartedTimestamp { get; } = Stopwatch.GetTimestamp();

    /// <summary>Reset before it was forwarded: the service never saw it.</summary>
    public bool Unseen { get; private set; }

    /// <summary>The status the target answered with when the proxy then dropped the connection; the service counts its answer.</summary>
    public int? LostAnswerStatus { get; private set; }

    public TimeSpan ServerTime => Stopwatch.GetElapsedTime(0, _serverTicks);

    /// <summary>In Cosmos mode, the partition the request addressed ("account/table/key"); null in Storage mode and for calls on the account.</summary>
    public string? Partition { get; set; }

    /// <summary>The request units charged for it (0 when throttled or not charged), and the Unix second whose budget admitted it.</summary>
    public (double Units, long Second) Charge { get; private set; }

    public static ServiceObservation? Of(HttpContext context) => context.Features.Get<ServiceObservation>();

    public void AddServerTime(TimeSpan time) => _serverTicks += (long)(time.TotalSeconds * Stopwatch.Frequency);

    /// <summary>Adds the time since <paramref name="startedTimestamp"/> (a <see cref="Stopwatch"/> timestamp): the target's time to answer.</summary>
    public void AddServerTimeSince(long startedTimestamp) => _serverTicks += Stopwatch.GetTimestamp() - startedTimestamp;

    public void NeverReceived() => Unseen = true;

    public void Charged(double units, long second) => Charge = (units, second);

    public void AnswerLost(int status) => LostAnswerStatus = status;
}
