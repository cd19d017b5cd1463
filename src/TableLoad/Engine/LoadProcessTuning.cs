using TableLoad.Settings;

namespace TableLoad.Engine;

/// <summary>
/// What <c>--runtime tuned</c> sets in a load process beyond its runtimeconfig, before the load starts: by the
/// one-process run and by every worker alike. Under <c>defaults</c> nothing, as in an untuned application.
/// </summary>
internal static class LoadProcessTuning
{
    public static void Apply(RunSettings settings)
    {
        if (settings.Runtime != RuntimeProfile.Tuned)
        {
            return;
        }

        // Thread-pool minimums sized to the tasks, so a burst of completions does not wait for thread injection.
        ThreadPool.GetMinThreads(out var workers, out var io);
        ThreadPool.SetMinThreads(Math.Max(workers, settings.Tasks + 2), Math.Max(io, settings.Tasks + 2));
        NativeHeapTuning.Apply();

        // Otherwise the server GC's first gen0 budget, sized for a start-up's allocations, fills 6–8 s into the run before
        // the first collection: a spike of some 30 MiB (to 162–179 MiB at 500 entities/s) that one run has and another may
        // not, which a soak reads as growth. Collected here, the first budget is sized from what the start-up left alive
        // (docs/stages.md, soak).
        GC.Collect();
    }
}
