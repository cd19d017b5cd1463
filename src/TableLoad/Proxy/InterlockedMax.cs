namespace TableLoad.Proxy;

/// <summary>A largest-value-seen counter that many requests raise at once without a lock.</summary>
internal static class InterlockedMax
{
    /// <summary>Sets <paramref name="max"/> to <paramref name="value"/> when it is larger, whatever other threads write meanwhile.</summary>
    public static void Raise(ref long max, long value)
    {
        var seen = Volatile.Read(ref max);
        while (value > seen)
        {
            var before = Interlocked.CompareExchange(ref max, value, seen);
            if (before == seen)
            {
                return;
            }

            seen = before;
        }
    }
}
