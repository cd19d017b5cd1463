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

    /// <summary>
    /// The same second split by operation when each request draws its own (<c>--mix</c>); null for a run of one operation, whose
    /// whole window is its one slice. Slices keep their objects across resets, so a pooled window allocates them once.
    /// </summary>
    public SortedDictionary<string, Window>? Slices { get; private set; }

    /// <summary>The slice named <paramref name="name"/>, made on first use.</summary>
    public Window Slice(string name)
    {
        Slices ??= new(StringComparer.Ordinal);
        if (!Slices.TryGetValue(name, out var slice))
        {
            slice = new Window { EpochSecond = EpochSecond };
            Slices.Add(name, slice);
        }

        return slice;
    }

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

        foreach (var (name, slice) in other.Slices ?? [])
        {
            Slice(name).Add(slice);
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
        if (Slices is not null)
        {
            foreach (var slice in Slices.Values)
            {
                slice.Reset(epochSecond);
            }
        }
    }
}
