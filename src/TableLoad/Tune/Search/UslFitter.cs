using TableLoad.Storage;

namespace TableLoad.Tune.Search;

/// <summary>
/// Fits the Universal Scalability Law to (concurrency, entities/s) points with σ, κ ≥ 0. It uses Gunther's
/// linearisation N/X(N) = a + bN + cN², fitted by ordinary least squares: closed form, deterministic, and
/// without a starting guess. When the unconstrained fit puts σ or κ below 0, the law with that term at 0 (or
/// both) is fitted instead; of the admissible fits with fewer parameters than points (three points get at most a
/// two-parameter law) the one with the least squared error in X itself wins.
/// </summary>
internal static class UslFitter
{
    public const int MinDistinctConcurrencies = 3;

    /// <returns>The fit, or null with fewer than three distinct concurrencies of positive throughput.</returns>
    public static UslFit? Fit(Batching batchSize, IReadOnlyList<(int Concurrency, double EntitiesPerSecond)> points)
    {
        var usable = points.Where(p => p.Concurrency > 0 && p.EntitiesPerSecond > 0).ToList();
        if (usable.Select(p => p.Concurrency).Distinct().Count() < MinDistinctConcurrencies)
        {
            return null;
        }

        var n = usable.Select(p => (double)p.Concurrency).ToList();
        var x = usable.Select(p => p.EntitiesPerSecond).ToList();
        var y = usable.Select(p => p.Concurrency / p.EntitiesPerSecond).ToList();

        // A law with as many parameters as points passes through them all and says nothing: it needs one point more.
        var best = Candidates(n, y)
            .Where(law => law.Parameters < usable.Count)
            .Select(law => new UslFit(batchSize, law.Lambda, law.Sigma, law.Kappa, RSquared: 0, usable.Count, law.Parameters))
            .Where(Admissible)
            .MinBy(fit => SquaredError(fit, n, x));

        return best is null ? null : best with
        {
            RSquared = RSquared(best, n, x),
            ResidualStandardError = Math.Sqrt(SquaredError(best, n, x) / best.DegreesOfFreedom),
        };
    }

    // The unconstrained law and the three with one or both terms held at 0, each solved from its own linear fit.
    private static IEnumerable<(double Lambda, double Sigma, double Kappa, int Parameters)> Candidates(List<double> n, List<double> y)
    {
        if (LinearLeastSquares.Solve([_ => 1, v => v, v => v * v], n, y) is [var a, var b, var c])
        {
            var lambda = 1 / (a + b + c);
            yield return (lambda, lambda * (b + c), lambda * c, 3);
        }

        if (LinearLeastSquares.Solve([_ => 1, v => v], n, y) is [var a1, var b1])
        {
            var lambda = 1 / (a1 + b1);
            yield return (lambda, lambda * b1, 0, 2);
        }

        if (LinearLeastSquares.Solve([_ => 1, v => v * (v - 1)], n, y) is [var a2, var c2])
        {
            yield return (1 / a2, 0, c2 / a2, 2);
        }

        yield return (1 / y.Average(), 0, 0, 1);
    }

    private static bool Admissible(UslFit fit) =>
        double.IsFinite(fit.Lambda) && fit.Lambda > 0
        && double.IsFinite(fit.Sigma) && fit.Sigma >= 0
        && double.IsFinite(fit.Kappa) && fit.Kappa >= 0;

    private static double SquaredError(UslFit fit, List<double> n, List<double> x) =>
        n.Zip(x).Sum(p => Math.Pow(p.Second - fit.Predict(p.First), 2));

    private static double RSquared(UslFit fit, List<double> n, List<double> x)
    {
        var mean = x.Average();
        var total = x.Sum(v => Math.Pow(v - mean, 2));
        var residual = SquaredError(fit, n, x);
        return total > 0 ? 1 - (residual / total) : residual == 0 ? 1 : 0;
    }
}
