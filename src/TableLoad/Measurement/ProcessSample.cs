using System.Diagnostics;

namespace TableLoad.Measurement;

/// <summary>
/// A process's own cost up to one instant: cumulative CPU and GC figures, the thread-pool backlog and the largest
/// resident set the process has had so far (the kernel's high-water mark, so no sample can miss a peak).
/// </summary>
internal readonly record struct ProcessSample(
    double WallSeconds,
    double UserCpuSeconds,
    double SystemCpuSeconds,
    double GcPauseSeconds,
    int GcCount,
    int Gen1Count,
    int Gen2Count,
    long ThreadPoolQueue,
    long PeakRssBytes = 0)
{
    public double CpuSeconds => UserCpuSeconds + SystemCpuSeconds;

    /// <summary>The share of the wall time between two samples that the process spent in GC pauses.</summary>
    public static double GcPauseShare(ProcessSample from, ProcessSample to) =>
        to.WallSeconds > from.WallSeconds ? (to.GcPauseSeconds - from.GcPauseSeconds) / (to.WallSeconds - from.WallSeconds) : 0;

    public static ProcessSample Take(double wallSeconds)
    {
        using var process = Process.GetCurrentProcess();
        return new ProcessSample(
            wallSeconds,
            process.UserProcessorTime.TotalSeconds,
            process.PrivilegedProcessorTime.TotalSeconds,
            GC.GetTotalPauseDuration().TotalSeconds,
            GC.CollectionCount(0),
            GC.CollectionCount(1),
            GC.CollectionCount(2),
            ThreadPool.PendingWorkItemCount,
            process.PeakWorkingSet64);
    }
}
