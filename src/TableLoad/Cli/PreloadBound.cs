using System.Globalization;
using TableLoad.Engine;
using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>
/// <c>--max-preload</c>: a key space is per task and partition, so a preload can be far larger than the number given
/// (<c>--key-space 2000000 --tasks 12</c> writes 24 million entities). A run whose preloads sum above the bound is refused.
/// </summary>
internal static class PreloadBound
{
    /// <summary>Why the run's preloads are over its bound, in one sentence; null when they are within it.</summary>
    public static string? Refusal(RunSettings run)
    {
        var loads = run.Loads().Where(l => l.Load.Preload).ToList();
        var total = loads.Sum(Preload.EntitiesOf);
        if (total <= run.MaxPreload)
        {
            return null;
        }

        var parts = string.Join("; ", loads.Select(l => (l.ScenarioName is { } name ? name + ": " : "") + Part(l)));
        return string.Create(CultureInfo.InvariantCulture,
            $"--preload would write {total} entities ({parts}), over the bound of {run.MaxPreload}: give --max-preload {total} to write them, or a smaller --key-space.");
    }

    private static string Part(RunSettings load)
    {
        var tasks = (long)load.Processes * load.Tasks;
        var partitions = Preload.EntitiesOf(load) / load.Load.KeySpace!.Value / tasks;
        return string.Create(CultureInfo.InvariantCulture, $"--key-space {load.Load.KeySpace} for each of {tasks} tasks{(partitions > 1 ? $" in each of its {partitions} partitions" : "")}");
    }
}
