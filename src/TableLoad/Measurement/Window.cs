using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement;

/// <summary>What completed in one wall-clock second: counts, latency histogram, and rejections by code.</summary>
internal sealed class Window
{
    public long EpochSecond { get; set; }

    /// <summary>Set by a producer that knows it (a task recorder, from each batch's start; a worker; a result folder); otherwise, as for the empty windows that fill a gap, the shared warm-up end decides.</summary>
    public bool? Warmup { get; set; }

    /// <summary>Made new at each reset, so that clearing the counts cannot forget one of them.</summary>
    public WindowCounts Counts { get; private set; } = new();

    /// <summary>Batch latency; in the open model measured from the intended start (corrected for coordinated omission).</summary>
    public LatencyHistogram Latency { get; } = new();

    /// <summary>Open model only: latency from the actual send, made on first use.</summary>
    public LatencyHistogram? Uncorrected { get; private set; }

    public LatencyHistogram UncorrectedOrNew() => Uncorrected ??= new LatencyHistogram();

    /// <summary>Request units per batch in hundredths (<see cref="RequestUnitsSummary.Scale"/>), made on the first charged batch.</summary>
    public LatencyHistogram? RequestUnits { get; private set; }

    public LatencyHistogram RequestUnitsOrNew() => RequestUnits ??= new LatencyHistogram();

    public Dictionary<string, long> RejectedByCode { get; } = new(StringComparer.Ordinal);

    public void Add(Window other)
    {
        Counts.Add(other.Counts);
        Latency.Add(other.Latency);
        if (other.Uncorrected is { } uncorrected)
        {
            UncorrectedOrNew().Add(uncorrected);
        }
        if (other.RequestUnits is { } requestUnits)
        {
            RequestUnitsOrNew().Add(requestUnits);
        }
        foreach (var (code, count) in other.RejectedByCode)
        {
            RejectedByCode[code] = RejectedByCode.GetValueOrDefault(code) + count;
        }
    }

    public void Reset(long epochSecond)
    {
        EpochSecond = epochSecond;
        Warmup = null;
        Counts = new();
        Latency.Reset();
        Uncorrected?.Reset();
        RequestUnits?.Reset();
        RejectedByCode.Clear();
    }
}
