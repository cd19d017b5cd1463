using System.Diagnostics;

namespace TableLoad.Measurement;

/// <summary>The load generator's own cost, so a saturated client is not mistaken for a slow service.</summary>
internal sealed record ClientUsage(double UserCpuSeconds, double SystemCpuSeconds, double CpuUsPerEntity, int GcGen0, int GcGen1, int GcGen2)
{
    public static ClientUsage Measure(long entities)
    {
        using var process = Process.GetCurrentProcess();
        var user = process.UserProcessorTime.TotalSeconds;
        var system = process.PrivilegedProcessorTime.TotalSeconds;
        var perEntity = entities > 0 ? (user + system) * 1e6 / entities : 0;
        return new ClientUsage(user, system, perEntity, GC.CollectionCount(0), GC.CollectionCount(1), GC.CollectionCount(2));
    }
}
