namespace TableLoad.Proxy;

/// <summary>What the proxy did, counted lock-free as it happens; <see cref="Snapshot"/> reads them.</summary>
internal sealed class ProxyCounters(int seed)
{
    private long _requests;
    private long _batches;
    private long _singleWrites;
    private long _passedThrough;
    private long _forwarded;
    private long _entitiesForwarded;
    private long _serverBusy;
    private long _operationTimedOut;
    private long _tooManyRequests;
    private long _throttledEntities;
    private long _byPartition;
    private long _byAccount;
    private long _byAccountIngress;
    private long _byAccountEgress;
    private long _byRequestUnits;
    private long _requestUnitHundredths;
    private long _peakSecondHundredths;
    private long _resets;
    private long _lostAnswers;
    private long _lostAnswerEntities;
    private long _delayedAnswers;
    private long _addedLatencyTicks;
    private long _targetFailures;

    public void Received(RequestKind kind)
    {
        switch (kind)
        {
            case RequestKind.Batch: Interlocked.Increment(ref _batches); break;
            case RequestKind.SingleWrite: Interlocked.Increment(ref _singleWrites); break;
            case RequestKind.Other: Interlocked.Increment(ref _passedThrough); break;
        }

        Interlocked.Increment(ref _requests);
    }

    public void Forwarded(int entities)
    {
        Interlocked.Increment(ref _forwarded);
        if (entities > 0)
        {
            Interlocked.Add(ref _entitiesForwarded, entities);
        }
    }

    public void Throttled(ThrottleCode code, ThrottledBy limit, int entities)
    {
        switch (code)
        {
            case ThrottleCode.OperationTimedOut: Interlocked.Increment(ref _operationTimedOut); break;
            case ThrottleCode.TooManyRequests: Interlocked.Increment(ref _tooManyRequests); break;
            case ThrottleCode.ServerBusy: Interlocked.Increment(ref _serverBusy); break;
        }

        switch (limit)
        {
            case ThrottledBy.Partition: Interlocked.Increment(ref _byPartition); break;
            case ThrottledBy.Account: Interlocked.Increment(ref _byAccount); break;
            case ThrottledBy.AccountIngress: Interlocked.Increment(ref _byAccountIngress); break;
            case ThrottledBy.AccountEgress: Interlocked.Increment(ref _byAccountEgress); break;
            case ThrottledBy.RequestUnits: Interlocked.Increment(ref _byRequestUnits); break;
            case ThrottledBy.None: throw new ArgumentException("An admitted request is not throttled.", nameof(limit));
        }

        Interlocked.Add(ref _throttledEntities, entities);
    }

    /// <summary>Counts the request units charged for a write forwarded in Cosmos mode, in the hundredths its header carries.</summary>
    public void Charged(double requestUnits) =>
        Interlocked.Add(ref _requestUnitHundredths, (long)Math.Round(requestUnits * 100, MidpointRounding.AwayFromZero));

    /// <summary>Keeps the most request units one second admitted, from what the second has admitted so far.</summary>
    public void AdmittedInSecond(double requestUnits)
    {
        var hundredths = (long)Math.Round(requestUnits * 100, MidpointRounding.AwayFromZero);
        var peak = Volatile.Read(ref _peakSecondHundredths);
        while (hundredths > peak)
        {
            var seen = Interlocked.CompareExchange(ref _peakSecondHundredths, hundredths, peak);
            if (seen == peak)
            {
                return;
            }

            peak = seen;
        }
    }

    public void Reset() => Interlocked.Increment(ref _resets);

    public void LostAnswer(int entities)
    {
        Interlocked.Increment(ref _lostAnswers);
        Interlocked.Add(ref _lostAnswerEntities, entities);
    }

    public void DelayedAnswer() => Interlocked.Increment(ref _delayedAnswers);

    public void AddedLatency(TimeSpan latency) => Interlocked.Add(ref _addedLatencyTicks, latency.Ticks);

    public void TargetFailed() => Interlocked.Increment(ref _targetFailures);

    public ProxyStats Snapshot() => new()
    {
        Requests = Volatile.Read(ref _requests),
        Batches = Volatile.Read(ref _batches),
        SingleWrites = Volatile.Read(ref _singleWrites),
        PassedThrough = Volatile.Read(ref _passedThrough),
        Forwarded = Volatile.Read(ref _forwarded),
        EntitiesForwarded = Volatile.Read(ref _entitiesForwarded),
        Throttled = new ThrottledCounts(Volatile.Read(ref _serverBusy), Volatile.Read(ref _operationTimedOut), Volatile.Read(ref _tooManyRequests)),
        ThrottledEntities = Volatile.Read(ref _throttledEntities),
        ThrottledByLimit = new ThrottledLimits(
            Volatile.Read(ref _byPartition), Volatile.Read(ref _byAccount), Volatile.Read(ref _byAccountIngress), Volatile.Read(ref _byAccountEgress),
            Volatile.Read(ref _byRequestUnits)),
        RequestUnitsCharged = Volatile.Read(ref _requestUnitHundredths) / 100.0,
        RequestUnitsPeakSecond = Volatile.Read(ref _peakSecondHundredths) / 100.0,
        Resets = Volatile.Read(ref _resets),
        LostAnswers = Volatile.Read(ref _lostAnswers),
        LostAnswerEntities = Volatile.Read(ref _lostAnswerEntities),
        DelayedAnswers = Volatile.Read(ref _delayedAnswers),
        AddedLatencyMs = TimeSpan.FromTicks(Volatile.Read(ref _addedLatencyTicks)).TotalMilliseconds,
        TargetFailures = Volatile.Read(ref _targetFailures),
        Seed = seed,
    };
}
