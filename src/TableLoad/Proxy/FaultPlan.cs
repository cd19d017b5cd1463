namespace TableLoad.Proxy;

/// <summary>
/// Decides, per request the proxy emulates, the latency to add and the one fault (if any) it gets. The rates are
/// exact marginal probabilities: one draw falls into [reset | lose answer | delay answer | none]. Writes and reads
/// draw from streams of their own, so the reads a client interleaves never shift the writes' draws.
/// </summary>
internal sealed class FaultPlan(ProxySettings settings)
{
    private readonly FaultDice _dice = new(settings.Seed);
    private readonly double _reset = settings.ResetRate;
    private readonly double _lose = settings.ResetRate + settings.LoseAnswerRate;
    private readonly double _delay = settings.ResetRate + settings.LoseAnswerRate + settings.DelayAnswerRate;

    public Fault FaultOf(DrawNumber draw)
    {
        if (_delay <= 0 || (draw.IsRead && !settings.ReadFaults))
        {
            return Fault.None;
        }

        var u = Roll(draw, DicePurpose.Fault);
        return u < _reset ? Fault.Reset : u < _lose ? Fault.LoseAnswer : u < _delay ? Fault.DelayAnswer : Fault.None;
    }

    public TimeSpan LatencyOf(DrawNumber draw) =>
        settings.Latency.IsNone ? TimeSpan.Zero : settings.Latency.Sample(Roll(draw, DicePurpose.Latency));

    public ThrottleCode CodeOf(DrawNumber draw) =>
        settings.Cosmos ? ThrottleCode.TooManyRequests
        : settings.TimeoutShare > 0 && Roll(draw, DicePurpose.ThrottleCode) < settings.TimeoutShare ? ThrottleCode.OperationTimedOut
        : ThrottleCode.ServerBusy;

    private double Roll(DrawNumber draw, DicePurpose purpose) =>
        _dice.Roll(draw.Sequence, draw.IsRead ? purpose + (int)DicePurpose.ReadStream : purpose);
}

/// <summary>
/// Which draw a request gets: the n-th write (batch, single write or single delete) or the n-th read (point read or
/// query), each numbered in its own stream.
/// </summary>
internal readonly record struct DrawNumber(long Sequence, bool IsRead)
{
    public static DrawNumber Write(long sequence) => new(sequence, false);

    public static DrawNumber Read(long sequence) => new(sequence, true);
}

/// <summary>The fault a request gets.</summary>
internal enum Fault
{
    None,

    /// <summary>The connection is aborted before the request is forwarded: nothing is stored.</summary>
    Reset,

    /// <summary>The request is forwarded and answered by the target, then the connection is aborted.</summary>
    LoseAnswer,

    /// <summary>The request is forwarded and answered by the target; the answer is held for a while.</summary>
    DelayAnswer,
}
