using System.Globalization;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>
/// What a load process's memory comes to, from bench.sh --memory (docs/performance.md): under <c>--runtime tuned</c>
/// the SDK's garbage fills each GC heap's gen0 budget before a collection, and each task has a batch in flight.
/// </summary>
internal static class MemoryBudget
{
    public const int BaseMib = 100;

    /// <summary>Measured 170–210 MiB a heap on 2 cores: gen0 grows to its 200 MB budget once DATAS is off.</summary>
    public const int PerHeapMib = 210;

    /// <summary>
    /// Measured 5–6 MiB a task (16 against 256 tasks) for batches of 100 entities of 1 KiB: the SDK's request and answer
    /// of the batch in flight, so it scales with the batch's bytes.
    /// </summary>
    public const int PerTaskMib = 6;

    private const double MeasuredBatchBytes = 100 * 1024;

    public static long EstimatePeakRssMib(long gcHeaps, int tasks, int batchSize, int entitySize) =>
        BaseMib + (PerHeapMib * gcHeaps) + (long)Math.Ceiling(PerTaskMib * tasks * (batchSize * (double)entitySize / MeasuredBatchBytes));

    /// <summary>
    /// One sentence when a tuned SDK load process would outgrow its GC heap limit (a container's memory limit sets one,
    /// shared among the workers), which ends in an out-of-memory crash instead of a slower run; null when it fits.
    /// DATAS (<c>--runtime defaults</c>) and the wire client adapt or allocate little, so only this case is told.
    /// </summary>
    public static string? Warning(RunSettings settings, long gcHeaps, long heapHardLimitBytes)
    {
        if (settings.Runtime != RuntimeProfile.Tuned || settings.Client != BatchClientKind.Sdk || heapHardLimitBytes <= 0)
        {
            return null;
        }

        // Workers get a share of this process's limit; one tuned process runs the load itself and keeps it whole.
        var limitMib = (settings.Processes > 1 ? RuntimeProfiles.WorkerShare(heapHardLimitBytes, settings.Processes) : heapHardLimitBytes) / (1024 * 1024);
        var needMib = EstimatePeakRssMib(gcHeaps, settings.Tasks, settings.Load.BatchSize, settings.Load.EntitySize);
        return needMib <= limitMib
            ? null
            : string.Create(CultureInfo.InvariantCulture,
                $"Each load process may need about {needMib} MiB ({gcHeaps} GC heaps of ~{PerHeapMib} MiB and {needMib - BaseMib - (PerHeapMib * gcHeaps)} MiB for its {settings.Tasks} tasks' batches in flight), more than its {limitMib} MiB GC heap limit (a container's memory limit sets one): lower --tasks, give it more memory, or use --runtime defaults, whose GC adapts to the limit.");
    }
}
