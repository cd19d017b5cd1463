using TableLoad.Measurement.Confidence;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement;

/// <summary>Adds up the measured windows of a run (warm-up apart) and tracks the peak second; with a mix, each operation's too.</summary>
/// <param name="slices">The operations of the run's mix (<see cref="Window.Slices"/>), each totalled apart; none for one operation.</param>
internal sealed class RunTotals(IEnumerable<string>? slices = null) : IWindowSink
{
    private readonly (SliceSink Sink, RunTotals Totals)[] _slices = [.. (slices ?? []).Select(Slice)];

    private static (SliceSink Sink, RunTotals Totals) Slice(string name)
    {
        var totals = new RunTotals();
        return (new SliceSink(name, totals), totals);
    }

    /// <summary>Each slice's totals, in the order the slices were given.</summary>
    public IEnumerable<(string Name, RunTotals Totals)> Slices => _slices.Select(s => (s.Sink.Name, s.Totals));

    public WindowCounts Measured { get; } = new();

    public WindowCounts Warmup { get; } = new();

    public LatencyHistogram Latency { get; } = new();

    /// <summary>Open model only: latency from the actual send.</summary>
    public LatencyHistogram? Uncorrected { get; private set; }

    public Dictionary<string, long> RejectedByCode { get; } = new(StringComparer.Ordinal);

    public long PeakEntitiesPerSecond { get; private set; }

    /// <summary>Request units per batch, in hundredths; null while no batch was charged.</summary>
    public LatencyHistogram? RequestUnits { get; private set; }

    public double PeakRequestUnitsPerSecond { get; private set; }

    /// <summary>Request units of warm-up batches that answered in measured seconds (the open model's late ones): they spent those seconds' budget.</summary>
    public double WarmupRequestUnitsInMeasuredSeconds { get; private set; }

    /// <summary>The largest second's request units, every answer's, the warm-up's included: what an account's per-second budget is held against.</summary>
    public double PeakSpentRequestUnitsPerSecond { get; private set; }

    private bool _measuring;
    private long _spentSecond = long.MinValue;
    private double _spentInSecond;

    /// <summary>The measured seconds in a bounded number of blocks, for the run's confidence intervals.</summary>
    public SecondBlocks Blocks { get; } = new();

    public void OnWindow(Window window, bool warmup)
    {
        foreach (var (sink, _) in _slices)
        {
            sink.OnWindow(window, warmup);
        }

        Spent(window);
        if (warmup)
        {
            Warmup.Add(window.Counts);
            // Seconds come in order, a second's measured window first: one seen means this warm-up window answered in measured time.
            WarmupRequestUnitsInMeasuredSeconds += _measuring ? window.Counts.RequestUnits : 0;
            return;
        }

        _measuring = true;
        Measured.Add(window.Counts);
        Blocks.Add(window);
        Latency.Add(window.Latency);
        if (window.Uncorrected is { } uncorrected)
        {
            (Uncorrected ??= new LatencyHistogram()).Add(uncorrected);
        }
        if (window.RequestUnits is { } requestUnits)
        {
            (RequestUnits ??= new LatencyHistogram()).Add(requestUnits);
        }
        foreach (var (code, count) in window.RejectedByCode)
        {
            RejectedByCode[code] = RejectedByCode.GetValueOrDefault(code) + count;
        }

        PeakEntitiesPerSecond = Math.Max(PeakEntitiesPerSecond, window.Counts.EntitiesSucceeded);
        PeakRequestUnitsPerSecond = Math.Max(PeakRequestUnitsPerSecond, window.Counts.RequestUnits);
    }

    // A second's warm-up and measured windows add up to what the account spent in it.
    private void Spent(Window window)
    {
        if (window.EpochSecond != _spentSecond)
        {
            (_spentSecond, _spentInSecond) = (window.EpochSecond, 0);
        }

        _spentInSecond += window.Counts.RequestUnits;
        PeakSpentRequestUnitsPerSecond = Math.Max(PeakSpentRequestUnitsPerSecond, _spentInSecond);
    }
}
