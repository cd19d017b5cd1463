namespace TableLoad.Engine;

/// <summary>Sizes the thread-pool minimums to the task count, so a burst of completions does not wait for thread injection.</summary>
internal static class ThreadPoolTuning
{
    public static void Apply(int tasks)
    {
        ThreadPool.GetMinThreads(out var workers, out var io);
        ThreadPool.SetMinThreads(Math.Max(workers, tasks + 2), Math.Max(io, tasks + 2));
    }
}
