namespace TableLoad.Engine.Phases;

/// <summary>
/// A run that ran out of memory, told in one sentence with its remedies. The task loops' failures reach the phases
/// wrapped (Task.WhenAll's AggregateException, a pipeline's own exception), so every inner exception is looked at.
/// </summary>
internal static class OutOfMemory
{
    public static string? Sentence(Exception failure) =>
        IsCauseOf(failure)
            ? "TableLoad ran out of memory, so the run stopped and its result files are marked partial: lower --tasks, give the process more memory, or use --runtime defaults, whose GC adapts to a memory limit (docs/performance.md, \"Memory\")."
            : null;

    /// <summary>Whether running out of memory is what <paramref name="failure"/> comes to, however it is wrapped.</summary>
    public static bool IsCauseOf(Exception? failure) => failure switch
    {
        null => false,
        OutOfMemoryException => true,
        AggregateException many => many.InnerExceptions.Any(IsCauseOf),
        _ => IsCauseOf(failure.InnerException),
    };
}
