using Microsoft.AspNetCore.Http;
using TableLoad.Proxy.Metrics;

namespace TableLoad.Proxy;

/// <summary>What the proxy did, counted lock-free as it happens; <see cref="Snapshot"/> reads them.</summary>
internal sealed class ProxyCounters(int seed, ServiceMetricsRecorder? service = null, CosmosMetricsRecorder? cosmos = null)
{
    /// <summary>The emulated service's per-minute metrics of the same requests.</summary>
    public ServiceMetricsRecorder Service { get; } = service ?? new ServiceMetricsRecorder(TimeProvider.System);

    private long _requests;
    private long _batches;
    private long _singleWrites;
    private long _pointReads;
    private long _queries;
    private long _singleDeletes;
    private long _pointReadsFound;
    private long _pointReadsNotFound;
    private long _queryEntities;
    private long _deletesForwarded;
    private long _preconditionFailed;
    private readonly long[] _hundredthsByKind = new long[Enum.GetValues<RequestKind>().Length];
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
            case RequestKind.PointRead: Interlocked.Increment(ref _pointReads); break;
            case RequestKind.Query: Interlocked.Increment(ref _queries); break;
            case RequestKind.SingleDelete: Interlocked.Increment(ref _singleDeletes); break;
            case RequestKind.Other: Interlocked.Increment(ref _passedThrough); break;
        }

        Interlocked.Increment(ref _requests);
    }

    /// <param name="entities">Entities written (a batch's operations other than deletes, or a single write's one).</param>
    /// <param name="deletes">Deletes sent: a batch's DELETE sub-requests, or a single delete's one.</param>
    public void Forwarded(int entities, int deletes = 0)
    {
        Interlocked.Increment(ref _forwarded);
        if (entities > 0)
        {
            Interlocked.Add(ref _entitiesForwarded, entities);
        }

        if (deletes > 0)
        {
            Interlocked.Add(ref _deletesForwarded, deletes);
        }
    }

    /// <summary>Counts a point read's answer: 200 found, 404 not found; any other status (a target's error) is neither.</summary>
    public void PointReadAnswered(int status)
    {
        switch (status)
        {
            case StatusCodes.Status200OK: Interlocked.Increment(ref _pointReadsFound); break;
            case StatusCodes.Status404NotFound: Interlocked.Increment(ref _pointReadsNotFound); break;
        }
    }

    /// <summary>Counts the entities a query page's answer returned.</summary>
    public void QueryAnswered(int entities) => Interlocked.Add(ref _queryEntities, entities);

    /// <summary>Counts a single write or delete answered 412: its If-Match ETag no longer matched (another writer won).</summary>
    public void PreconditionFailed() => Interlocked.Increment(ref _preconditionFailed);

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

    /// <summary>Counts the request units charged for a request forwarded in Cosmos mode, in the hundredths its header carries.</summary>
    public void Charged(RequestKind kind, double requestUnits)
    {
        var hundredths = (long)Math.Round(requestUnits * 100, MidpointRounding.AwayFromZero);
        Interlocked.Add(ref _requestUnitHundredths, hundredths);
        Interlocked.Add(ref _hundredthsByKind[(int)kind], hundredths);
    }

    /// <summary>Keeps the most request units one second admitted, from what the second has admitted so far.</summary>
    public void AdmittedInSecond(double requestUnits)
    {
        InterlockedMax.Raise(ref _peakSecondHundredths, (long)Math.Round(requestUnits * 100, MidpointRounding.AwayFromZero));
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
        PointReads = Volatile.Read(ref _pointReads),
        Queries = Volatile.Read(ref _queries),
        SingleDeletes = Volatile.Read(ref _singleDeletes),
        PassedThrough = Volatile.Read(ref _passedThrough),
        Forwarded = Volatile.Read(ref _forwarded),
        EntitiesForwarded = Volatile.Read(ref _entitiesForwarded),
        PointReadsFound = Volatile.Read(ref _pointReadsFound),
        PointReadsNotFound = Volatile.Read(ref _pointReadsNotFound),
        QueryEntities = Volatile.Read(ref _queryEntities),
        DeletesForwarded = Volatile.Read(ref _deletesForwarded),
        PreconditionFailed = Volatile.Read(ref _preconditionFailed),
        Throttled = new ThrottledCounts(Volatile.Read(ref _serverBusy), Volatile.Read(ref _operationTimedOut), Volatile.Read(ref _tooManyRequests)),
        ThrottledEntities = Volatile.Read(ref _throttledEntities),
        ThrottledByLimit = new ThrottledLimits(
            Volatile.Read(ref _byPartition), Volatile.Read(ref _byAccount), Volatile.Read(ref _byAccountIngress), Volatile.Read(ref _byAccountEgress),
            Volatile.Read(ref _byRequestUnits)),
        RequestUnitsCharged = Volatile.Read(ref _requestUnitHundredths) / 100.0,
        RequestUnitsPeakSecond = Volatile.Read(ref _peakSecondHundredths) / 100.0,
        RequestUnitsByRequest = new RequestUnitsByRequest(
            Units(RequestKind.Batch), Units(RequestKind.SingleWrite), Units(RequestKind.SingleDelete), Units(RequestKind.PointRead), Units(RequestKind.Query)),
        Resets = Volatile.Read(ref _resets),
        LostAnswers = Volatile.Read(ref _lostAnswers),
        LostAnswerEntities = Volatile.Read(ref _lostAnswerEntities),
        DelayedAnswers = Volatile.Read(ref _delayedAnswers),
        AddedLatencyMs = TimeSpan.FromTicks(Volatile.Read(ref _addedLatencyTicks)).TotalMilliseconds,
        TargetFailures = Volatile.Read(ref _targetFailures),
        Seed = seed,
        ServiceTransactions = Service.TransactionsByMinute(),
        CosmosRequests = cosmos?.RequestsByMinute() ?? new SortedDictionary<string, SortedDictionary<string, long>>(StringComparer.Ordinal),
    };

    private double Units(RequestKind kind) => Volatile.Read(ref _hundredthsByKind[(int)kind]) / 100.0;
}
