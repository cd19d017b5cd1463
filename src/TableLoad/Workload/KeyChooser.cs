namespace TableLoad.Workload;

/// <summary>
/// Picks the key number, in [0, key space) or among the keys a mix's inserts added (<see cref="OverStored"/>), of each request one task loop sends. One per task loop: it draws
/// from the seeded <see cref="Random"/> it was given and is not thread-safe; a draw allocates nothing.
/// </summary>
internal abstract class KeyChooser
{
    /// <summary>YCSB's zipfian constant (its <c>zipfianconstant</c>), for <see cref="KeyDistribution.Zipfian"/> and <see cref="KeyDistribution.Latest"/>.</summary>
    public const double DefaultZipfianConstant = 0.99;

    /// <summary>The next key number, of a key there is to draw.</summary>
    public abstract int Next();

    /// <summary>Whether Gray's generator takes <paramref name="constant"/>: above 0 (0 is uniform) and below 1 (its exponent 1 / (1 − θ)).</summary>
    public static bool AcceptsZipfianConstant(double constant) => constant is > 0 and < 1;

    /// <param name="keySpace">Keys to choose from, 1 to <see cref="RowKeys.MaxKeySpace"/>.</param>
    /// <param name="random">The task's own, seeded by the caller.</param>
    /// <param name="keysWritten">
    /// For <see cref="KeyDistribution.Latest"/>: how many keys were written so far in write order, each the key number
    /// (count − 1) mod key space when written, a preload of the key space counted (so its newest is the last key);
    /// read once per draw, so a counter other tasks raise may stand behind it. The other distributions ignore it.
    /// </param>
    public static KeyChooser Create(KeyDistribution distribution, int keySpace, Random random, Func<long>? keysWritten = null, double zipfianConstant = DefaultZipfianConstant)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(keySpace, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(keySpace, RowKeys.MaxKeySpace);
        return distribution switch
        {
            KeyDistribution.Uniform => new UniformKeys(() => keySpace, random),
            KeyDistribution.Zipfian => new ScrambledZipfianKeys(keySpace, random, new ZetaFunction(zipfianConstant)),
            KeyDistribution.Latest => new SkewedLatestKeys(keySpace, random, new ZetaFunction(zipfianConstant),
                keysWritten ?? throw new ArgumentNullException(nameof(keysWritten), "The latest distribution needs the count of keys written.")),
        };
    }

    /// <summary>
    /// A chooser over keys a mix's inserts add to: key numbers 0 … <paramref name="stored"/>() − 1, the key space's first, then the
    /// inserted ones (<see cref="InsertedKeys"/>), read once per draw. Uniform draws over them all, zipfian as YCSB's does beside its
    /// inserts (<see cref="ScrambledZipfianKeys"/>), latest back from the newest inserted key.
    /// </summary>
    public static KeyChooser OverStored(KeyDistribution distribution, int keySpace, Random random, Func<long> stored, double zipfianConstant = DefaultZipfianConstant)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(keySpace, 1);
        return distribution switch
        {
            KeyDistribution.Uniform => new UniformKeys(stored, random),
            KeyDistribution.Zipfian => new ScrambledZipfianKeys(keySpace, random, new ZetaFunction(zipfianConstant), stored),
            // Keys written in order and never again: with the largest key space as its bound, the newest key is the count stored less one.
            KeyDistribution.Latest => new SkewedLatestKeys(RowKeys.MaxKeySpace, random, new ZetaFunction(zipfianConstant), stored),
        };
    }
}
