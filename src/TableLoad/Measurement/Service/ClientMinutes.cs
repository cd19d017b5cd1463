namespace TableLoad.Measurement.Service;

/// <summary>
/// The client's requests by the wall-clock minute they ended in, warm-up included (the service counts every request), and the run's
/// first and last measured seconds: the minutes whose metrics are read, and what the service's counts stand beside.
/// </summary>
internal sealed class ClientMinutes : IWindowSink
{
    private readonly SortedDictionary<long, ClientMinute> _minutes = [];

    public long? FirstMeasuredSecond { get; private set; }

    public long? LastMeasuredSecond { get; private set; }

    public void OnWindow(Window window, bool warmup)
    {
        var counts = window.Counts;
        if (counts.Batches == 0)
        {
            return;
        }

        if (!warmup)
        {
            FirstMeasuredSecond ??= window.EpochSecond;
            LastMeasuredSecond = window.EpochSecond;
        }

        var minute = window.EpochSecond / 60;
        if (!_minutes.TryGetValue(minute, out var sums))
        {
            _minutes[minute] = sums = new ClientMinute();
        }

        sums.Add(counts, window.Latency.Mean / 1000 * window.Latency.TotalCount, window.Latency.TotalCount);
    }

    /// <summary>The minute starting at <paramref name="minute"/>; empty when no request ended in it.</summary>
    public ClientMinute Of(DateTimeOffset minute) => _minutes.GetValueOrDefault(minute.ToUnixTimeSeconds() / 60) ?? new ClientMinute();
}

/// <summary>One minute's client requests by outcome, attempts, latency and request units.</summary>
internal sealed class ClientMinute
{
    private readonly long[] _byOutcome = new long[OutcomeTable.Count];
    private double _latencyMsSum;
    private long _latencyCount;

    public long Attempts { get; private set; }

    /// <summary>The request units the answers of the minute said they cost (Cosmos DB's x-ms-request-charge).</summary>
    public double RequestUnits { get; private set; }

    public double? MeanLatencyMs => _latencyCount > 0 ? _latencyMsSum / _latencyCount : null;

    public long this[BatchOutcome outcome] => _byOutcome[(int)outcome];

    /// <summary>Counts by outcome name, the outcomes that happened only.</summary>
    public IReadOnlyDictionary<string, long> ByName() =>
        OutcomeTable.Rows.Where(r => _byOutcome[(int)r.Outcome] > 0).ToDictionary(r => r.Name, r => _byOutcome[(int)r.Outcome], StringComparer.Ordinal);

    public void Add(WindowCounts counts, double latencyMsSum, long latencyCount)
    {
        foreach (var outcome in BatchOutcomeExtensions.All())
        {
            _byOutcome[(int)outcome] += counts[outcome];
        }

        Attempts += counts.Attempts;
        RequestUnits += counts.RequestUnits;
        _latencyMsSum += latencyMsSum;
        _latencyCount += latencyCount;
    }
}
