using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Engine.Fleet;

/// <summary>Turns a window into a protocol line and back, histograms included, without loss.</summary>
internal static class WindowCodec
{
    public static WorkerMessage Encode(Window window, bool warmup) => new(WorkerMessage.WindowType)
    {
        EpochSecond = window.EpochSecond,
        Warmup = warmup,
        Batches = window.Counts.Batches,
        Attempts = window.Counts.Attempts,
        EntitiesSucceeded = window.Counts.EntitiesSucceeded,
        EntitiesFailed = window.Counts.EntitiesFailed,
        Late = window.Counts.Late,
        VerifiedByRead = window.Counts.VerifiedByRead,
        BatchLogDropped = window.Counts.BatchLogDropped,
        AbandonedStored = window.Counts.AbandonedStored,
        AbandonedNotStored = window.Counts.AbandonedNotStored,
        ByOutcome = window.Counts.ByOutcome.ToArray(),
        RejectedByCode = window.RejectedByCode.Count == 0 ? null : new Dictionary<string, long>(window.RejectedByCode),
        Latency = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(window.Latency)),
        Uncorrected = window.Uncorrected is { } u ? Convert.ToBase64String(HistogramEncoding.EncodeCompressed(u)) : null,
    };

    /// <summary>Decodes into a window rented from the pool, histograms included, so a worker-second allocates no histogram.</summary>
    public static void Decode(WorkerMessage message, Window into)
    {
        into.Reset(message.EpochSecond);
        into.Warmup = message.Warmup;
        into.Counts.Set(message.Batches, message.Attempts, message.EntitiesSucceeded, message.EntitiesFailed, message.Late, message.ByOutcome ?? new long[OutcomeTable.Count], message.VerifiedByRead, message.BatchLogDropped, message.AbandonedStored, message.AbandonedNotStored);
        foreach (var (code, count) in message.RejectedByCode ?? [])
        {
            into.RejectedByCode[code] = count;
        }

        if (message.Latency is { } latency)
        {
            HistogramEncoding.AddCompressed(Convert.FromBase64String(latency), into.Latency);
        }

        if (message.Uncorrected is { } uncorrected)
        {
            HistogramEncoding.AddCompressed(Convert.FromBase64String(uncorrected), into.UncorrectedOrNew());
        }
    }
}
