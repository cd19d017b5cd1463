using System.Globalization;
using TableLoad.Storage;

namespace TableLoad.Measurement;

/// <summary>
/// Says when the load generator, not the service, was the bottleneck: a process above 90% of the cores
/// it may use on average, GC pauses over 10% of the time, or a thread-pool backlog that kept growing. Each reason
/// is one sentence for the summary, with the remedy that fits it. Batches that started late (open model) are the
/// client's doing only beside one of those; else <see cref="LateStart"/> names what held them.
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
    /// <param name="load">What the remedies are judged from: the client, the runtime and each process's rate.</param>
    public static IReadOnlyList<string> Assess(IReadOnlyList<(string Process, IReadOnlyList<ProcessSample> Samples)> samples, long batches, long lateBatches, int cores, SaturationContext load)
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
                reasons.Add(Say($"{name} used {coresUsed * 100:0}% of a core on average, {coresUsed / cores * 100:0}% of the {cores} it may use (over {CpuShareLimit * 100:0}%): {CpuRemedy(load)}"));
            }

            var gcShare = ProcessSample.GcPauseShare(first, last);
            if (gcShare > GcShareLimit)
            {
                reasons.Add(Say($"{name} spent {gcShare * 100:0}% of the time in GC pauses (over {GcShareLimit * 100:0}%): {GcRemedy(load)}"));
            }

            if (KeptGrowing(series))
            {
                reasons.Add(Say($"{name}'s thread-pool queue kept growing, to {last.ThreadPoolQueue} work items: add processes (--processes), each with fewer tasks."));
            }
        }

        if (reasons.Count > 0 && ManyLate(batches, lateBatches))
        {
            reasons.Add(Say($"{Late(batches, lateBatches)}, held back by the client's shortage above."));
        }

        return reasons;
    }

    /// <summary>
    /// What held the open model's batches back when over 1% started late and the client was not short (<paramref name="clientReasons"/>
    /// empty): the service's throttling, or the rate asked against the service's answers with the tasks given; null otherwise.
    /// </summary>
    public static string? LateStart(long batches, long lateBatches, IReadOnlyList<string> clientReasons, SaturationContext load)
    {
        if (clientReasons.Count > 0 || !ManyLate(batches, lateBatches))
        {
            return null;
        }

        var rate = load.Rate is { } r ? Say($"--rate {r:0} e/s") : "the rate asked";
        // A throttled answer, and the wait its retry was told to make, keeps its task from the next batch as long as the service says.
        return load.ThrottledAnswers > batches * LateShareLimit
            ? Say($"{Late(batches, lateBatches)}, held back by throttling: {load.ThrottledAnswers} throttled answers and their retries' waits kept the tasks from their next batches, so the limit is the service's, not the client's ({rate} is more than it admits now)")
            : Say($"{Late(batches, lateBatches)}, held back by {rate} against the service's answers: {load.Tasks * load.Processes} tasks in all, each waiting for its answer (median {load.SendMedianMs:0.0} ms from the send), could not start batches that often, while the client's CPU, GC and threads were within bounds; more tasks (--tasks) would");
    }

    private static bool ManyLate(long batches, long lateBatches) => batches > 0 && lateBatches > batches * LateShareLimit;

    private static string Late(long batches, long lateBatches) =>
        Say($"{lateBatches} of {batches} batches started more than one interval late (over {LateShareLimit * 100:0}%)");

    // The machine's cores are spent: more processes on it share the same cores, so only more machines add load.
    private static string CpuRemedy(SaturationContext load)
    {
        var perProcess = load.EntitiesPerSecondPerProcess;
        var machines = load.Rate is { } rate && perProcess > 0 && load.Processes > 0
            ? Say($"to offer --rate {rate:0} e/s, run {Math.Ceiling(rate / (perProcess * load.Processes)):0} machines like this one (docs/distributed.md), at {perProcess * load.Processes:0} e/s each")
            : Say($"add machines (docs/distributed.md): this one offered {perProcess * load.Processes:0} e/s, so each machine like it adds about that much");
        return load.Client switch
        {
            BatchClientKind.Sdk => machines + ", or run --client wire, which spends a fraction of the CPU per entity, to see the service's ceiling.",
            BatchClientKind.Wire => machines + ".",
        };
    }

    private static string GcRemedy(SaturationContext load) => load.GcAdaptive
        ? "run with --runtime tuned (Server GC without dynamic adaptation: far fewer collections), or add processes (--processes)."
        : load.Client switch
        {
            BatchClientKind.Sdk => "add processes (--processes: each collects its own, smaller share), or run --client wire, which allocates almost nothing per batch, to see the service's ceiling.",
            BatchClientKind.Wire => "add processes (--processes: each collects its own, smaller share).",
        };

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

/// <summary>What the saturation guard's remedies depend on.</summary>
/// <param name="Client">The batch client, whose remedies differ.</param>
/// <param name="GcAdaptive">Whether the load processes ran with GC dynamic adaptation (DATAS) on.</param>
/// <param name="EntitiesPerSecondPerProcess">The measured entities per second of one load process.</param>
/// <param name="Rate">Open model: the intended fleet rate.</param>
/// <param name="Processes">The run's load processes.</param>
internal sealed record SaturationContext(BatchClientKind Client, bool GcAdaptive, double EntitiesPerSecondPerProcess, double? Rate, int Processes)
{
    /// <summary>Tasks per process.</summary>
    public int Tasks { get; init; }

    /// <summary>The measured throttled answers, every attempt's.</summary>
    public long ThrottledAnswers { get; init; }

    /// <summary>Open model: the measured batches' median latency from their actual send.</summary>
    public double SendMedianMs { get; init; }
}
