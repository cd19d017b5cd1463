using TableLoad.Settings;

namespace TableLoad.Engine;

/// <summary>Sizes the thread-pool minimums to the task count, so a burst of completions does not wait for thread injection.</summary>
internal static class ThreadPoolTuning
{
    /// <summary>Under <c>--runtime defaults</c> the pool keeps .NET's own minimums, as an untuned application's does.</summary>
    public static void Apply(RunSettings settings)
    {
        if (settings.Runtime != RuntimeProfile.Tuned)
        {
            return;
        }

        ThreadPool.GetMinThreads(out var workers, out var io);
        ThreadPool.SetMinThreads(Math.Max(workers, settings.Tasks + 2), Math.Max(io, settings.Tasks + 2));
    }
}
