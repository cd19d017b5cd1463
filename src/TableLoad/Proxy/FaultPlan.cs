namespace TableLoad.Proxy;

/// <summary>
/// Decides, per batch or single write, the latency to add and the one fault (if any) it gets. The rates are
/// exact marginal probabilities: one draw falls into [reset | lose answer | delay answer | none].
/// </summary>
internal sealed class FaultPlan(ProxySettings settings)
{
    private readonly FaultDice _dice = new(settings.Seed);
    private readonly double _reset = settings.ResetRate;
    private readonly double _lose = settings.ResetRate + settings.LoseAnswerRate;
    private readonly double _delay = settings.ResetRate + settings.LoseAnswerRate + settings.DelayAnswerRate;

    public Fault FaultOf(long request)
    {
        if (_delay <= 0)
        {
            return Fault.None;
        }

        var u = _dice.Roll(request, DicePurpose.Fault);
        return u < _reset ? Fault.Reset : u < _lose ? Fault.LoseAnswer : u < _delay ? Fault.DelayAnswer : Fault.None;
    }

    public TimeSpan LatencyOf(long request) =>
        settings.Latency.IsNone ? TimeSpan.Zero : settings.Latency.Sample(_dice.Roll(request, DicePurpose.Latency));

    public ThrottleCode CodeOf(long request) =>
        settings.Cosmos ? ThrottleCode.TooManyRequests
        : settings.TimeoutShare > 0 && _dice.Roll(request, DicePurpose.ThrottleCode) < settings.TimeoutShare ? ThrottleCode.OperationTimedOut
        : ThrottleCode.ServerBusy;
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
