using TableLoad.Settings;

namespace TableLoad.Engine;

/// <summary>
/// Collects once before the load starts, under <c>--runtime tuned</c>. Otherwise the server GC's first gen0 budget, sized
/// for a start-up's allocations, fills 6–8 s into the run before the first collection: a spike of some 30 MiB (to
/// 162–179 MiB at 500 entities/s) that one run has and another may not, which a soak reads as growth. Collected here, the
/// first budget is sized from what the start-up left alive (docs/stages.md, soak).
/// </summary>
internal static class FirstCollection
{
    /// <summary>Under <c>--runtime defaults</c> the GC keeps its own first budget, as an untuned application's does.</summary>
    public static void Apply(RunSettings settings)
    {
        if (settings.Runtime == RuntimeProfile.Tuned)
        {
            GC.Collect();
        }
    }
}
