namespace TableLoad.Tests.TestSupport;

/// <summary>
/// What a piece of code allocates on the test's thread, as the fewest bytes of up to three passes: the runtime may allocate on the
/// thread once while it compiles the code anew (tiering, on-stack replacement; a loaded CI machine's pass once saw 720 bytes), where
/// code that allocates does so in every pass.
/// </summary>
internal static class AllocatedBytes
{
    private const int Passes = 3;

    public static long Fewest(Action pass)
    {
        var fewest = long.MaxValue;
        for (var i = 0; i < Passes && fewest > 0; i++)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            pass();
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return fewest;
    }
}
