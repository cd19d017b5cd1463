namespace TableLoad.Workload;

/// <summary>How a request picks its key from the key space (<c>--key-distribution</c>), with YCSB's definitions.</summary>
internal enum KeyDistribution
{
    /// <summary>Every key alike: each is drawn with probability 1 / key space.</summary>
    Uniform,

    /// <summary>A few keys hot, spread over the key space: YCSB's scrambled zipfian (<see cref="ScrambledZipfianKeys"/>).</summary>
    Zipfian,

    /// <summary>The keys written last are hot: YCSB's skewed latest (<see cref="SkewedLatestKeys"/>).</summary>
    Latest,
}

internal static class KeyDistributionNames
{
    public static string ToName(this KeyDistribution distribution) => distribution switch
    {
        KeyDistribution.Uniform => "uniform",
        KeyDistribution.Zipfian => "zipfian",
        KeyDistribution.Latest => "latest",
    };

    /// <summary>The names, as a refusal lists them: <c>uniform, zipfian or latest</c>.</summary>
    public static string Names() => "uniform, zipfian or latest";

    public static bool TryParse(string? text, out KeyDistribution distribution)
    {
        foreach (var candidate in Enum.GetValues<KeyDistribution>())
        {
            if (string.Equals(text?.Trim(), candidate.ToName(), StringComparison.OrdinalIgnoreCase))
            {
                distribution = candidate;
                return true;
            }
        }

        distribution = default;
        return false;
    }
}
