namespace TableLoad.Measurement.Gates;

/// <summary>
/// One figure over rounds of interleaved runs: each round's difference NEW against BASE (the log of their ratio, or
/// their points), and the interval of the differences' mean, mean ± t(N − 1) · sd / √N. Each round pairs two runs made
/// close together, so what drifts between rounds (the machine, the service) leaves the difference.
/// </summary>
internal sealed record PairedRounds(IReadOnlyList<double> Differences, ChangeScale Scale)
{
    /// <summary>Round i's difference: log(new_i / base_i) for a ratio, new_i − base_i for a share; null when a ratio's round measured 0 or less.</summary>
    public static PairedRounds? Of(IReadOnlyList<double> baseValues, IReadOnlyList<double> newValues, ChangeScale scale)
    {
        if (baseValues.Count != newValues.Count || baseValues.Count < 2)
        {
            throw new ArgumentException("Rounds pair one run of each side, and there must be at least two.", nameof(newValues));
        }

        if (scale == ChangeScale.Ratio && baseValues.Concat(newValues).Any(v => v <= 0))
        {
            return null;
        }

        return new PairedRounds([.. baseValues.Zip(newValues, (b, n) => scale switch
        {
            ChangeScale.Ratio => Math.Log(n / b),
            ChangeScale.Points => n - b,
        })], scale);
    }

    public int Rounds => Differences.Count;

    public double Mean => Differences.Average();

    /// <summary>The sample standard deviation of the rounds' differences: how far one round's lands from the next.</summary>
    public double StandardDeviation => Math.Sqrt(Differences.Sum(d => (d - Mean) * (d - Mean)) / (Rounds - 1));

    public double StandardError => StandardDeviation / Math.Sqrt(Rounds);

    public double DegreesOfFreedom => Rounds - 1;
}
