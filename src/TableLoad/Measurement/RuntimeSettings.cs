using System.Runtime;
using TableLoad.Settings;

namespace TableLoad.Measurement;

/// <summary>
/// The .NET runtime settings in effect in one load process, read from the runtime itself (not from what TableLoad
/// meant to set), so every result file says what its figures were measured under.
/// </summary>
internal sealed record RuntimeSettings
{
    /// <summary>The <c>--runtime</c> profile the process was started for: tuned or defaults.</summary>
    [Merge(MergeRule.Join)]
    public required string Profile { get; init; }

    /// <summary>server or workstation.</summary>
    [Merge(MergeRule.Join)]
    public required string GcMode { get; init; }

    [Merge(MergeRule.Min)]
    public required bool ConcurrentGc { get; init; }

    /// <summary>GC dynamic adaptation to application sizes (DATAS): 1 on, 0 off.</summary>
    [Merge(MergeRule.Max)]
    public required long GcDynamicAdaptation { get; init; }

    [Merge(MergeRule.Max)]
    public required long GcHeapCount { get; init; }

    /// <summary>The largest gen0 budget one heap may reach.</summary>
    [Merge(MergeRule.Max)]
    public required long GcGen0MaxBudgetBytes { get; init; }

    /// <summary>The smallest gen0 budget (<c>DOTNET_GCgen0size</c>, an environment variable only); 0 when not set.</summary>
    [Merge(MergeRule.Max)]
    public required long GcGen0SizeBytes { get; init; }

    /// <summary>0 when the GC heap has no hard limit (a container's memory limit sets one).</summary>
    [Merge(MergeRule.Max)]
    public required long GcHeapHardLimitBytes { get; init; }

    [Merge(MergeRule.Min)]
    public required bool TieredCompilation { get; init; }

    [Merge(MergeRule.Min)]
    public required bool TieredPgo { get; init; }

    [Merge(MergeRule.Max)]
    public required int MinWorkerThreads { get; init; }

    [Merge(MergeRule.Max)]
    public required int MinIoThreads { get; init; }

    /// <summary>
    /// How long an idle thread-pool worker spins before it sleeps (<c>System.Threading.ThreadPool.UnfairSemaphoreSpinLimit</c>):
    /// 0 under tuned, .NET's 70 under defaults; absent in folders written before TableLoad recorded it.
    /// </summary>
    [Merge(MergeRule.Max)]
    public int? ThreadPoolSpinLimit { get; init; }

    /// <summary>glibc's malloc arena limit (<c>MALLOC_ARENA_MAX</c> or TableLoad's own under tuned); 0 for the C library's own.</summary>
    [Merge(MergeRule.Max)]
    public long MallocArenaMax { get; init; }

    /// <summary>glibc's fixed trim threshold (<c>MALLOC_TRIM_THRESHOLD_</c> or TableLoad's own under tuned); 0 for its dynamic one.</summary>
    [Merge(MergeRule.Max)]
    public long MallocTrimThresholdBytes { get; init; }

    /// <summary>This process's settings now; <paramref name="profile"/> names the profile it was started for.</summary>
    public static RuntimeSettings Current(string profile)
    {
        var gc = GC.GetConfigurationVariables();
        ThreadPool.GetMinThreads(out var workers, out var io);
        return new RuntimeSettings
        {
            Profile = profile,
            GcMode = GCSettings.IsServerGC ? "server" : "workstation",
            ConcurrentGc = GCSettings.LatencyMode != GCLatencyMode.Batch,
            GcDynamicAdaptation = Number(gc, "GCDynamicAdaptationMode"),
            GcHeapCount = Number(gc, "HeapCount"),
            GcGen0MaxBudgetBytes = Number(gc, "GCGen0MaxBudget"),
            GcGen0SizeBytes = HexVariable("GCgen0size"),
            GcHeapHardLimitBytes = RuntimeProfiles.HeapHardLimitBytes(),
            TieredCompilation = Switch("TieredCompilation", "System.Runtime.TieredCompilation", fallback: true),
            TieredPgo = Switch("TieredPGO", "System.Runtime.TieredPGO", fallback: true),
            MinWorkerThreads = workers,
            MinIoThreads = io,
            ThreadPoolSpinLimit = SpinLimit(),
            MallocArenaMax = NativeHeapTuning.ArenaMaxInEffect,
            MallocTrimThresholdBytes = NativeHeapTuning.TrimThresholdInEffect,
        };
    }

    /// <summary>One line for a reader: <c>tuned: server GC, concurrent, DATAS off, 2 heaps, ...</c>.</summary>
    public string Describe() => string.Create(System.Globalization.CultureInfo.InvariantCulture,
        $"{Profile}: {GcMode} GC{(ConcurrentGc ? ", concurrent" : "")}, DATAS {(GcDynamicAdaptation != 0 ? "on" : "off")}, {GcHeapCount} heaps, gen0 budget up to {GcGen0MaxBudgetBytes / (1024 * 1024)} MiB"
        + $"{(GcGen0SizeBytes > 0 ? $" (at least {GcGen0SizeBytes / (1024 * 1024)} MiB)" : "")}, heap limit {(GcHeapHardLimitBytes > 0 ? $"{GcHeapHardLimitBytes / (1024 * 1024)} MiB" : "none")}"
        + $", tiered compilation {(TieredCompilation ? "on" : "off")}, PGO {(TieredPgo ? "on" : "off")}, thread-pool minimums {MinWorkerThreads} worker / {MinIoThreads} I/O"
        + $"{(ThreadPoolSpinLimit is { } spin ? $", idle workers spin {spin}" : "")}"
        + $"{(MallocArenaMax > 0 ? $", malloc arenas up to {MallocArenaMax}" : "")}");

    private static long Number(IReadOnlyDictionary<string, object> gc, string key) =>
        gc.TryGetValue(key, out var value) ? Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture) : 0;

    // The JIT's switches are not reported by any API: the runtime reads DOTNET_<name> over runtimeconfig.json, so this does too.
    private static bool Switch(string variable, string appContextName, bool fallback)
    {
        if (Variable(variable) is { } text)
        {
            return text.Trim() != "0";
        }

        return AppContext.TryGetSwitch(appContextName, out var on) ? on : fallback;
    }

    // Read as the thread pool reads it: DOTNET_ThreadPool_UnfairSemaphoreSpinLimit (hexadecimal; unreadable, it is ignored)
    // over runtimeconfig.json's value.
    private static int SpinLimit() =>
        TryHexVariable("ThreadPool_UnfairSemaphoreSpinLimit", out var fromVariable) ? (int)fromVariable
        : AppContext.GetData("System.Threading.ThreadPool.UnfairSemaphoreSpinLimit") is { } data
            && int.TryParse(Convert.ToString(data, System.Globalization.CultureInfo.InvariantCulture), System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out var limit)
            ? limit
            : RuntimeProfiles.DotNetSpinLimit;

    // GC and JIT variables are hexadecimal, with or without 0x.
    private static long HexVariable(string name) => TryHexVariable(name, out var value) ? value : 0;

    private static bool TryHexVariable(string name, out long value)
    {
        value = 0;
        return Variable(name) is { } text
            && long.TryParse(text.Trim().Replace("0x", "", StringComparison.OrdinalIgnoreCase), System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture, out value);
    }

    private static string? Variable(string name) =>
        Environment.GetEnvironmentVariable("DOTNET_" + name) ?? Environment.GetEnvironmentVariable("COMPlus_" + name);
}
