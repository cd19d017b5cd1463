using System.Globalization;

namespace TableLoad.Measurement;

/// <summary>
/// Says when the load generator, not the service, was the bottleneck: a process above 90% of the cores
/// it may use on average, GC pauses over 10% of the time, a thread-pool backlog that kept growing, or (open
/// model) batches that started late. Each reason is one sentence for the summary.
/// </summary>
internal static class SaturationGuard
{
    public const double CpuShareLimit = 0.90;
    public const double GcShareLimit = 0.10;
    public const double LateShareLimit = 0.01;
    public const int GrowingQueueSamples = 5;
    public const long GrowingQueueFloor = 64;

    /// <param name="samples">Per process, its samples in time order (cumulative figures).</param>
    /// <param name="cores">The cores a process may use (<see cref="Environment.ProcessorCount"/> honours container limits).</param>
    public static IReadOnlyList<string> Assess(IReadOnlyList<(string Process, IReadOnlyList<ProcessSample> Samples)> samples, long batches, long lateBatches, int cores)
    {
        var reasons = new List<string>();
        foreach (var (name, series) in samples)
        {
            if (series.Count < 2)
            {
                continue;
            }

            var first = series[0];
            var last = series[^1];
            var wall = last.WallSeconds - first.WallSeconds;
            if (wall <= 0)
            {
                continue;
            }

            var coresUsed = (last.CpuSeconds - first.CpuSeconds) / wall;
            if (coresUsed / cores > CpuShareLimit)
            {
                reasons.Add(Say($"{name} used {coresUsed * 100:0}% of a core on average, {coresUsed / cores * 100:0}% of the {cores} it may use (over {CpuShareLimit * 100:0}%)."));
            }

            var gcShare = (last.GcPauseSeconds - first.GcPauseSeconds) / wall;
            if (gcShare > GcShareLimit)
            {
                reasons.Add(Say($"{name} spent {gcShare * 100:0}% of the time in GC pauses (over {GcShareLimit * 100:0}%)."));
            }

            if (KeptGrowing(series))
            {
                reasons.Add(Say($"{name}'s thread-pool queue kept growing, to {last.ThreadPoolQueue} work items."));
            }
        }

        if (batches > 0 && lateBatches > batches * LateShareLimit)
        {
            reasons.Add(Say($"{lateBatches} of {batches} batches started more than one interval late (over {LateShareLimit * 100:0}%); add tasks or processes."));
        }

        return reasons;
    }

    private static bool KeptGrowing(IReadOnlyList<ProcessSample> series)
    {
        if (series.Count < GrowingQueueSamples)
        {
            return false;
        }

        for (var i = series.Count - GrowingQueueSamples + 1; i < series.Count; i++)
        {
            if (series[i].ThreadPoolQueue <= series[i - 1].ThreadPoolQueue)
            {
                return false;
            }
        }

        return series[^1].ThreadPoolQueue >= GrowingQueueFloor;
    }

    private static string Say(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
