using MathNet.Numerics.Distributions;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// A figure of one side of a comparison: its value and the standard error of that value as an
/// estimate of the configuration's figure, with the degrees of freedom the error was estimated with
/// (<see cref="double.PositiveInfinity"/> where it is modelled rather than counted).
/// </summary>
internal readonly record struct FigureEstimate(double Value, double StandardError, double DegreesOfFreedom, int Runs)
{
    /// <summary>
    /// One run: the error of its own interval (half its width over the normal quantile) and the
    /// run-to-run variation that one run cannot measure, as a share of the value.
    /// </summary>
    public static FigureEstimate OfRun(double value, FigureInterval? interval, double runToRunShare)
    {
        var within = interval is { } ci ? (ci.High - ci.Low) / 2 / Normal.InvCDF(0, 1, 0.5 + (ci.Level / 2)) : 0;
        var between = runToRunShare * Math.Abs(value);
        return new FigureEstimate(value, Math.Sqrt((within * within) + (between * between)), double.PositiveInfinity, 1);
    }

    /// <summary>Repeats of one configuration: their mean and its standard error from their spread, which holds run-to-run noise itself.</summary>
    public static FigureEstimate OfRepeats(IReadOnlyList<double> values)
    {
        if (values.Count < 2)
        {
            throw new ArgumentException("Repeats need at least two runs.", nameof(values));
        }

        var mean = values.Average();
        var variance = values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1);
        return new FigureEstimate(mean, Math.Sqrt(variance / values.Count), values.Count - 1, values.Count);
    }

    /// <summary>The interval at <paramref name="level"/> around the value: Student's t on the counted degrees of freedom, the normal where modelled.</summary>
    public (double Low, double High) Interval(double level)
    {
        var half = Quantile(0.5 + (level / 2), DegreesOfFreedom) * StandardError;
        return (Value - half, Value + half);
    }

    public static double Quantile(double p, double degreesOfFreedom) =>
        double.IsPositiveInfinity(degreesOfFreedom) ? Normal.InvCDF(0, 1, p) : StudentT.InvCDF(0, 1, degreesOfFreedom, p);
}
