namespace TableLoad.Proxy;

/// <summary>
/// Seeded, lock-free random draws: the n-th request's draw for a purpose depends only on the seed, n
/// and the purpose (a SplitMix64 hash), so a seed replays the same faults in the same request order.
/// </summary>
internal readonly struct FaultDice(int seed)
{
    private readonly ulong _seed = unchecked((ulong)seed * 0x9E3779B97F4A7C15UL);

    /// <summary>A uniform draw in [0, 1).</summary>
    public double Roll(long request, DicePurpose purpose)
    {
        unchecked
        {
            var z = _seed + ((ulong)request * 0xD1B54A32D192ED03UL) + ((ulong)purpose * 0x8CB92BA72F3D8DD7UL) + 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            z ^= z >> 31;
            return (z >> 11) * (1.0 / (1UL << 53));
        }
    }
}

/// <summary>What a draw decides; each request draws once per purpose. A read's purposes are offset by <see cref="ReadStream"/>.</summary>
internal enum DicePurpose
{
    Fault = 1,
    Latency = 2,
    ThrottleCode = 3,

    /// <summary>Added to a purpose for the reads' stream, so that read n and write n draw apart.</summary>
    ReadStream = 16,
}
