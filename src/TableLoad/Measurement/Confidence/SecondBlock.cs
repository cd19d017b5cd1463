using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement.Confidence;

/// <summary>Consecutive measured seconds added together: their entities and one latency histogram.</summary>
internal sealed class SecondBlock(long firstSecond)
{
    public long FirstSecond { get; } = firstSecond;

    /// <summary>The second after the last one added.</summary>
    public long EndSecond { get; private set; } = firstSecond;

    public long Entities { get; private set; }

    /// <summary>Made on the first latency added: a stalled block has none.</summary>
    public LatencyHistogram? Latency { get; private set; }

    public long Seconds => EndSecond - FirstSecond;

    public void Add(Window window)
    {
        EndSecond = window.EpochSecond + 1;
        Entities += window.Counts.EntitiesSucceeded;
        AddLatency(window.Latency);
    }

    /// <summary>Takes in the block that follows this one.</summary>
    public void Absorb(SecondBlock next)
    {
        EndSecond = next.EndSecond;
        Entities += next.Entities;
        if (next.Latency is { } latency)
        {
            AddLatency(latency);
        }
    }

    private void AddLatency(LatencyHistogram latency)
    {
        if (latency.TotalCount > 0)
        {
            (Latency ??= new LatencyHistogram()).Add(latency);
        }
    }
}
