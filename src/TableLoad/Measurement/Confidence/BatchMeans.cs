using MathNet.Numerics.Distributions;

namespace TableLoad.Measurement.Confidence;

/// <summary>
/// A t interval for a rate from the means of consecutive blocks. Each block's rate counts by its measured
/// time (the ratio estimator's variance), so a block that lasted a fraction of a second weighs that much.
/// </summary>
internal static class BatchMeans
{
    /// <param name="seconds">Each block's measured time.</param>
    /// <param name="amounts">What each block counted (entities).</param>
    public static ConfidenceInterval Interval(IReadOnlyList<double> seconds, IReadOnlyList<double> amounts, double level)
    {
        var blocks = seconds.Count;
        var rate = amounts.Sum() / seconds.Sum();
        var totalSeconds = seconds.Sum();
        double squares = 0;
        for (var i = 0; i < blocks; i++)
        {
            var deviation = (amounts[i] - (rate * seconds[i])) / totalSeconds;
            squares += deviation * deviation;
        }

        var half = StudentT.InvCDF(0, 1, blocks - 1, 0.5 + (level / 2)) * Math.Sqrt(squares * blocks / (blocks - 1));
        return new ConfidenceInterval(rate - half, rate + half, level);
    }
}
