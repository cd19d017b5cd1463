namespace TableLoad.Workload;

/// <summary>
/// Gray et al.'s zipfian over items 0 … n−1 ("Quickly generating billion-record synthetic databases", SIGMOD 1994),
/// as YCSB's ZipfianGenerator uses it: item 0 with probability 1/ζ(n), item 1 with 2^−θ/ζ(n), exactly as the
/// zipfian gives them, and the rest by inverting a continuous approximation of its distribution, one uniform draw
/// and one power per item. The mass it gives item k ≥ 2 is ((k+1)/n)^(1−θ) − (k/n)^(1−θ), divided by η.
/// </summary>
internal readonly struct ZipfianItems
{
    private readonly double _zetaN;
    private readonly double _secondBound;
    private readonly double _eta;
    private readonly double _alpha;

    public ZipfianItems(long count, ZetaFunction zeta)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        var theta = zeta.Theta;
        Count = count;
        _zetaN = zeta.Of(count);
        _secondBound = zeta.Of(2);
        _alpha = 1 / (1 - theta);
        // With one or two items every draw ends at the first two bounds, so η (0/0 for two) is never used.
        _eta = (1 - Math.Pow(2.0 / count, 1 - theta)) / (1 - (_secondBound / _zetaN));
    }

    /// <summary>How many items; 0 for a default value, which has none.</summary>
    public long Count { get; }

    /// <summary>The item that the uniform draw <paramref name="u"/> in [0, 1) stands for.</summary>
    public long ItemFor(double u)
    {
        var scaled = u * _zetaN;
        if (scaled < 1)
        {
            return 0;
        }

        if (scaled < _secondBound)
        {
            return 1;
        }

        var item = (long)(Count * Math.Pow((_eta * u) - _eta + 1, _alpha));
        return Math.Min(item, Count - 1);
    }
}
