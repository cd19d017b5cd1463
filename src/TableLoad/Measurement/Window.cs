using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement;

/// <summary>What completed in one wall-clock second: counts, latency histogram, and rejections by code.</summary>
internal sealed class Window
{
    public long EpochSecond { get; set; }

    public WindowCounts Counts { get; } = new();

    public LatencyHistogram Latency { get; } = new();

    public Dictionary<string, long> RejectedByCode { get; } = new(StringComparer.Ordinal);

    public void Add(Window other)
    {
        Counts.Add(other.Counts);
        Latency.Add(other.Latency);
        foreach (var (code, count) in other.RejectedByCode)
        {
            RejectedByCode[code] = RejectedByCode.GetValueOrDefault(code) + count;
        }
    }

    public void Reset(long epochSecond)
    {
        EpochSecond = epochSecond;
        Counts.Reset();
        Latency.Reset();
        RejectedByCode.Clear();
    }
}
