using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// One finished second of a worker, without loss: its counts as they are, its latency histograms HdrHistogram V2
/// compressed in base64, its rejections by code.
/// </summary>
/// <param name="Warmup">The window's phase: a second after the warm-up's end can still hold warm-up batches that answered late.</param>
internal sealed record WindowMessage(long EpochSecond, bool Warmup, WindowCounts Counts, string Latency) : WorkerMessage
{
    /// <summary>Open model only: latency from the actual send.</summary>
    public string? Uncorrected { get; init; }

    public Dictionary<string, long>? RejectedByCode { get; init; }

    /// <summary>Request units per batch in hundredths; null when no batch of the second was charged.</summary>
    public string? RequestUnits { get; init; }

    /// <summary>Each operation's part of the second when the run draws from a mix (<see cref="Window.Slices"/>); null for one operation.</summary>
    public Dictionary<string, WindowMessage>? Slices { get; init; }

    /// <summary>The message of a window about to be sent: it holds the window's counts themselves, which a reset of the window replaces, not clears.</summary>
    public static WindowMessage Of(Window window, bool warmup) => new(window.EpochSecond, warmup, window.Counts, Encode(window.Latency))
    {
        Uncorrected = window.Uncorrected is { } uncorrected ? Encode(uncorrected) : null,
        RejectedByCode = window.RejectedByCode.Count == 0 ? null : new Dictionary<string, long>(window.RejectedByCode),
        RequestUnits = window.RequestUnits is { TotalCount: > 0 } requestUnits ? Encode(requestUnits) : null,
        Slices = window.Slices?.ToDictionary(s => s.Key, s => Of(s.Value, warmup), StringComparer.Ordinal),
    };

    /// <summary>Decodes into a window rented from the pool, histograms included, so a worker-second allocates no histogram.</summary>
    public void DecodeInto(Window into)
    {
        into.Reset(EpochSecond);
        into.Warmup = Warmup;
        into.Counts.Add(Counts);
        foreach (var (code, count) in RejectedByCode ?? [])
        {
            into.RejectedByCode[code] = count;
        }

        HistogramEncoding.AddCompressed(Convert.FromBase64String(Latency), into.Latency);
        if (Uncorrected is { } uncorrected)
        {
            HistogramEncoding.AddCompressed(Convert.FromBase64String(uncorrected), into.UncorrectedOrNew());
        }

        if (RequestUnits is { } requestUnits)
        {
            HistogramEncoding.AddCompressed(Convert.FromBase64String(requestUnits), into.RequestUnitsOrNew());
        }

        foreach (var (name, slice) in Slices ?? [])
        {
            slice.DecodeInto(into.Slice(name));
        }
    }

    private static string Encode(LatencyHistogram histogram) => Convert.ToBase64String(HistogramEncoding.EncodeCompressed(histogram));
}
