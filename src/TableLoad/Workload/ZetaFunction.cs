namespace TableLoad.Workload;

/// <summary>
/// ζ(n) = Σ i^−θ for i = 1..n, the sum that normalises a zipfian over n items, for any n in constant time:
/// the first 16 terms summed, the rest by the Euler–Maclaurin formula to its B6 term. Within a relative 1e−12 of
/// the direct sum (a test compares them up to 10^6, and with YCSB's ζ(10^10, 0.99)), so YCSB's 10^10-item space
/// and a count that grows with every key written cost one power each, with nothing summed or cached.
/// </summary>
internal sealed class ZetaFunction
{
    private const int Summed = 16;

    private readonly double _theta;
    private readonly double[] _partialSums = new double[Summed + 1];
    private readonly double _fromSummed;

    /// <param name="theta">The zipfian constant, above 0 and below 1 (<see cref="KeyChooser.AcceptsZipfianConstant"/>).</param>
    public ZetaFunction(double theta)
    {
        if (!KeyChooser.AcceptsZipfianConstant(theta))
        {
            throw new ArgumentOutOfRangeException(nameof(theta), theta, "A zipfian constant is above 0 and below 1.");
        }

        _theta = theta;
        for (var i = 1; i <= Summed; i++)
        {
            _partialSums[i] = _partialSums[i - 1] + Math.Pow(i, -theta);
        }

        _fromSummed = _partialSums[Summed] - Antiderivative(Summed);
    }

    public double Theta => _theta;

    /// <summary>ζ(<paramref name="n"/>); 0 for n = 0.</summary>
    public double Of(long n)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(n);
        return n <= Summed ? _partialSums[n] : _fromSummed + Antiderivative(n);
    }

    // Σ_{i ≤ n} f(i) = Σ_{i ≤ m} f(i) + G(n) − G(m) for f(x) = x^−θ, with G the integral of f plus the formula's
    // corrections f/2 + f′/12 − f‴/720 + f⁽⁵⁾/30240; every term is a multiple of x^−θ, so one power serves.
    private double Antiderivative(double x)
    {
        var t = _theta;
        var power = Math.Pow(x, -t);
        var x2 = x * x;
        var d3 = t * (t + 1) * (t + 2);
        var d5 = d3 * (t + 3) * (t + 4);
        return power * ((x / (1 - t)) + 0.5 - (t / (12 * x)) + (d3 / (720 * x * x2)) - (d5 / (30240 * x * x2 * x2)));
    }
}
