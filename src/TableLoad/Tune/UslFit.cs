using TableLoad.Storage;

namespace TableLoad.Tune;

/// <summary>
/// The Universal Scalability Law X(N) = λN / (1 + σ(N−1) + κN(N−1)) fitted to the probes of one batch size
/// and one process: λ is one task's rate, σ contention, κ coherency. Only as many of them are fitted
/// (<see cref="Parameters"/>) as leave at least one degree of freedom over the <see cref="Points"/>; how well it fits is
/// <see cref="AdjustedRSquared"/> and <see cref="ResidualStandardError"/> (entities/s) on <see cref="DegreesOfFreedom"/>.
/// </summary>
internal sealed record UslFit(Batching BatchSize, double Lambda, double Sigma, double Kappa, double RSquared, int Points, int Parameters = 3, double ResidualStandardError = 0)
{
    public int DegreesOfFreedom => Points - Parameters;

    /// <summary>R² penalised for the parameters fitted: 1 − (1 − R²)(n − 1)/(n − p).</summary>
    public double AdjustedRSquared => DegreesOfFreedom > 0 ? 1 - ((1 - RSquared) * (Points - 1) / DegreesOfFreedom) : double.NaN;

    /// <summary>The concurrency of peak throughput, √((1−σ)/κ); infinite when κ is 0 (throughput never falls).</summary>
    public double PeakConcurrency => Kappa > 0 ? Math.Sqrt(Math.Max(1 - Sigma, 0) / Kappa) : double.PositiveInfinity;

    public double Predict(double concurrency) =>
        Lambda * concurrency / (1 + (Sigma * (concurrency - 1)) + (Kappa * concurrency * (concurrency - 1)));
}
