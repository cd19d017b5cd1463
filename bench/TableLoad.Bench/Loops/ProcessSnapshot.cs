using System.Diagnostics;

namespace TableLoad.Bench.Loops;

/// <summary>This process's cost so far: CPU, bytes allocated, peak RSS and collections.</summary>
internal readonly record struct ProcessSnapshot(double CpuSeconds, long AllocatedBytes, long PeakRssBytes, int Gen0, int Gen2, double GcPauseSeconds)
{
    public static ProcessSnapshot Take()
    {
        using var process = Process.GetCurrentProcess();
        return new ProcessSnapshot(
            process.UserProcessorTime.TotalSeconds + process.PrivilegedProcessorTime.TotalSeconds,
            GC.GetTotalAllocatedBytes(precise: true),
            process.PeakWorkingSet64,
            GC.CollectionCount(0),
            GC.CollectionCount(2),
            GC.GetTotalPauseDuration().TotalSeconds);
    }
}
