namespace TableLoad.Tune;

/// <summary>
/// The Universal Scalability Law X(N) = λN / (1 + σ(N−1) + κN(N−1)) fitted to the probes of one batch size
/// and one process: λ is one task's rate, σ contention, κ coherency; <see cref="RSquared"/> says how well it fits.
/// </summary>
internal sealed record UslFit(int BatchSize, double Lambda, double Sigma, double Kappa, double RSquared, int Points)
{
    /// <summary>The concurrency of peak throughput, √((1−σ)/κ); infinite when κ is 0 (throughput never falls).</summary>
    public double PeakConcurrency => Kappa > 0 ? Math.Sqrt(Math.Max(1 - Sigma, 0) / Kappa) : double.PositiveInfinity;

    public double Predict(double concurrency) =>
        Lambda * concurrency / (1 + (Sigma * (concurrency - 1)) + (Kappa * concurrency * (concurrency - 1)));
}
