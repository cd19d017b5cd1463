using System.Globalization;

namespace TableLoad.Settings;

/// <summary>
/// The .NET runtime settings a run's load processes run with (<c>--runtime</c>). The names are the option's
/// values and the <c>runtime.profile</c> field of every result file.
/// </summary>
internal enum RuntimeProfile
{
    /// <summary>
    /// TableLoad's own: Server GC without dynamic adaptation (DATAS), at most <see cref="RuntimeProfiles.MaxHeaps"/> heaps,
    /// tiered PGO off, thread-pool minimums sized to the tasks, idle workers not spinning, glibc's malloc held to few arenas (<see cref="NativeHeapTuning"/>); so the
    /// client is not the limit of its own measurement and a long run's memory stays flat.
    /// </summary>
    Tuned,

    /// <summary>.NET's defaults for a Server GC application: what an untuned application pays.</summary>
    Defaults,
}

internal static class RuntimeProfiles
{
    /// <summary>
    /// The GC heap count TableLoad's runtimeconfig caps a process at: without DATAS each heap's gen0 budget grows to
    /// 200 MB, so the cap bounds a process's memory on a many-core host (docs/performance.md).
    /// </summary>
    public const int MaxHeaps = 4;

    /// <summary>How long an idle thread-pool worker spins before it sleeps under .NET's defaults; TableLoad's runtimeconfig sets 0.</summary>
    public const int DotNetSpinLimit = 70;

    public static string ToName(this RuntimeProfile profile) => profile switch
    {
        RuntimeProfile.Tuned => "tuned",
        RuntimeProfile.Defaults => "defaults",
    };

    public static bool TryParse(string? text, out RuntimeProfile profile)
    {
        switch (text?.Trim().ToLowerInvariant())
        {
            case "tuned":
                profile = RuntimeProfile.Tuned;
                return true;
            case "defaults":
                profile = RuntimeProfile.Defaults;
                return true;
            default:
                profile = default;
                return false;
        }
    }

    /// <summary>
    /// The environment each of a run's <paramref name="processes"/> child load processes gets: the variables that set
    /// <paramref name="profile"/> whatever TableLoad's runtimeconfig.json says (the runtime reads them over that file),
    /// and a share of this process's GC heap limit when it has one. Null removes a variable.
    /// </summary>
    /// <param name="heapHardLimitBytes">This process's GC heap hard limit, 0 for none: in a container the runtime sets one
    /// from the memory limit, and every child would set the same again, so that N children could take N times the container.</param>
    public static IReadOnlyDictionary<string, string?> ChildEnvironment(this RuntimeProfile profile, int processes, long heapHardLimitBytes)
    {
        var environment = profile switch
        {
            // .NET 10's defaults for a Server GC application: DATAS on, one heap per core, tiered PGO on, idle workers spinning.
            RuntimeProfile.Defaults => new Dictionary<string, string?>
            {
                ["DOTNET_gcServer"] = "1",
                ["DOTNET_gcConcurrent"] = "1",
                ["DOTNET_GCDynamicAdaptationMode"] = "1",
                ["DOTNET_GCHeapCount"] = "0",
                ["DOTNET_TieredPGO"] = "1",
                // The runtime reads this variable as hexadecimal.
                ["DOTNET_ThreadPool_UnfairSemaphoreSpinLimit"] = DotNetSpinLimit.ToString("x", CultureInfo.InvariantCulture),
            },
            // TableLoad's own runtimeconfig.json is the tuned profile: nothing to say over it.
            RuntimeProfile.Tuned => new Dictionary<string, string?>(),
        };
        if (heapHardLimitBytes > 0)
        {
            environment["DOTNET_GCHeapHardLimit"] = WorkerShare(heapHardLimitBytes, processes).ToString("x", CultureInfo.InvariantCulture);
        }

        return environment;
    }

    /// <summary>
    /// The GC heap limit each of <paramref name="processes"/> child load processes gets of its coordinator's: one share
    /// more than there are children, for the coordinator and each process's memory outside the GC heap.
    /// </summary>
    public static long WorkerShare(long heapHardLimitBytes, int processes) => heapHardLimitBytes / (processes + 1);

    /// <summary>This process's GC heap hard limit in bytes, 0 when it has none.</summary>
    public static long HeapHardLimitBytes() =>
        GC.GetConfigurationVariables().TryGetValue("GCHeapHardLimit", out var value) ? Convert.ToInt64(value, CultureInfo.InvariantCulture) : 0;
}
