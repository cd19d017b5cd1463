using System.Globalization;
using System.Runtime.InteropServices;

namespace TableLoad.Settings;

/// <summary>
/// Keeps the C library's allocator from holding native memory that a long run would see as growth. glibc gives each new
/// thread an arena and lets each arena keep the largest free space it ever had: the thread pool's threads come and go,
/// and the soak measured the arenas at 15 MiB after one minute and 26 MiB after 26 (docs/stages.md). Under
/// <c>--runtime tuned</c> the load process allows at most <see cref="ArenaMax"/> arenas and fixes the trim and mmap
/// thresholds, which glibc otherwise raises to the largest block ever freed; a variable the user set wins. The arenas made
/// before the load started stay, so every <see cref="TrimEverySeconds"/> the load hands the free pages of all of them back.
/// </summary>
internal static class NativeHeapTuning
{
    public const int ArenaMax = 2;
    public const int ThresholdBytes = 128 * 1024;
    public const int TrimEverySeconds = 10;

    // glibc's mallopt parameters (malloc.h).
    private const int TrimThreshold = -1;
    private const int MmapThreshold = -3;
    private const int ArenaMaxParameter = -8;

    private static int _appliedArenaMax;
    private static int _appliedThresholdBytes;

    /// <summary>The arena limit in effect: the user's <c>MALLOC_ARENA_MAX</c>, or what <see cref="Apply"/> set; 0 for the C library's own.</summary>
    public static long ArenaMaxInEffect => Variable("MALLOC_ARENA_MAX") ?? _appliedArenaMax;

    /// <summary>The fixed trim threshold in effect: the user's <c>MALLOC_TRIM_THRESHOLD_</c>, or what <see cref="Apply"/> set; 0 for glibc's dynamic one.</summary>
    public static long TrimThresholdInEffect => Variable("MALLOC_TRIM_THRESHOLD_") ?? _appliedThresholdBytes;

    /// <summary>Called under <c>--runtime tuned</c> only: under <c>defaults</c> the allocator keeps its own settings, as an untuned application's does.</summary>
    public static void Apply()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        try
        {
            if (Variable("MALLOC_ARENA_MAX") is null && Mallopt(ArenaMaxParameter, ArenaMax) == 1)
            {
                _appliedArenaMax = ArenaMax;
            }

            // Setting either threshold turns off glibc's raising of both, so both are left alone when the user set one.
            if (Variable("MALLOC_TRIM_THRESHOLD_") is null && Variable("MALLOC_MMAP_THRESHOLD_") is null
                && Mallopt(TrimThreshold, ThresholdBytes) == 1 && Mallopt(MmapThreshold, ThresholdBytes) == 1)
            {
                _appliedThresholdBytes = ThresholdBytes;
            }
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            // Not glibc: its allocator has no such settings, and the figures say 0.
        }
    }

    /// <summary>Gives the free pages of every arena back to the system, when <see cref="Apply"/> tuned the allocator.</summary>
    public static void Trim()
    {
        if (_appliedThresholdBytes > 0)
        {
            _ = MallocTrim(0);
        }
    }

    private static long? Variable(string name) =>
        long.TryParse(Environment.GetEnvironmentVariable(name), NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : null;

    [DllImport("libc", EntryPoint = "mallopt")]
    private static extern int Mallopt(int parameter, int value);

    [DllImport("libc", EntryPoint = "malloc_trim")]
    private static extern int MallocTrim(nuint pad);
}
