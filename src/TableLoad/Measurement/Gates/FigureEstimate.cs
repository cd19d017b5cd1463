using MathNet.Numerics.Distributions;
using TableLoad.Measurement.Confidence;

namespace TableLoad.Measurement.Gates;

/// <summary>
/// A figure of one side of a comparison: its value and the standard error of that value as an
/// estimate of the configuration's figure, with the degrees of freedom the error was estimated with
/// (<see cref="double.PositiveInfinity"/> where it is modelled rather than counted), and the same
/// estimate on the log scale (<see cref="Log"/>), on which a ratio between two sides is taken.
/// </summary>
internal readonly record struct FigureEstimate(double Value, double StandardError, double DegreesOfFreedom, int Runs)
{
    /// <summary>The estimate of the figure's natural log; null where a value is 0 or less, which has none.</summary>
    public LogEstimate? Log { get; init; }

    /// <summary>
    /// One run: the error of its own interval (half its width over the normal quantile) and the
    /// run-to-run variation that one run cannot measure, as a share of the value.
    /// </summary>
    public static FigureEstimate OfRun(double value, ConfidenceInterval? interval, double runToRunShare) =>
        OfRun(value, interval, RunNoise.Assumed(runToRunShare));

    /// <summary>One run: the error of its own interval and <paramref name="noise"/>'s spread of one run, added in quadrature.</summary>
    public static FigureEstimate OfRun(double value, ConfidenceInterval? interval, RunNoise noise)
    {
        var within = interval is { } ci ? (ci.Hi - ci.Lo) / 2 / Normal.InvCDF(0, 1, 0.5 + (ci.Level / 2)) : 0;
        var between = noise.At(value);
        return new FigureEstimate(value, Math.Sqrt((within * within) + (between * between)), double.PositiveInfinity, 1)
        {
            Log = value > 0 ? new LogEstimate(Math.Log(value), Math.Sqrt(Square(LogWithin(value, interval)) + Square(noise.Share))) : null,
        };
    }

    /// <summary>Repeats of one configuration: their mean and its standard error from their spread, which holds run-to-run noise itself.</summary>
    public static FigureEstimate OfRepeats(IReadOnlyList<double> values)
    {
        if (values.Count < 2)
        {
            throw new ArgumentException("Repeats need at least two runs.", nameof(values));
        }

        var (mean, error) = MeanAndError(values);
        return new FigureEstimate(mean, error, values.Count - 1, values.Count)
        {
            Log = values.All(v => v > 0) ? LogOf(values) : null,
        };
    }

    /// <summary>
    /// Repeats whose run-to-run spread is <paramref name="noise"/> (measured over these and the other side's repeats, or
    /// given): their mean, and its standard error as one run's spread over the square root of their count.
    /// </summary>
    public static FigureEstimate OfRepeats(IReadOnlyList<double> values, RunNoise noise)
    {
        var mean = values.Average();
        var root = Math.Sqrt(values.Count);
        return new FigureEstimate(mean, noise.At(mean) / root, noise.DegreesOfFreedom, values.Count)
        {
            Log = values.All(v => v > 0) ? new LogEstimate(values.Average(v => Math.Log(v)), noise.Share / root) : null,
        };
    }

    /// <summary>The interval at <paramref name="level"/> around the value: Student's t on the counted degrees of freedom, the normal where modelled.</summary>
    public (double Low, double High) Interval(double level)
    {
        var half = Quantile(0.5 + (level / 2), DegreesOfFreedom) * StandardError;
        return (Value - half, Value + half);
    }

    public static double Quantile(double p, double degreesOfFreedom) =>
        double.IsPositiveInfinity(degreesOfFreedom) ? Normal.InvCDF(0, 1, p) : StudentT.InvCDF(0, 1, degreesOfFreedom, p);

    // A run's own interval on the log scale: from the logs of its ends, which keeps a skewed interval (a far percentile's) as it is;
    // an interval that reaches 0 has no log there and is read at the value's own scale instead.
    private static double LogWithin(double value, ConfidenceInterval? interval) => interval switch
    {
        null => 0,
        { Lo: > 0 } ci => (Math.Log(ci.Hi) - Math.Log(ci.Lo)) / 2 / Normal.InvCDF(0, 1, 0.5 + (ci.Level / 2)),
        { } ci => (ci.Hi - ci.Lo) / 2 / Normal.InvCDF(0, 1, 0.5 + (ci.Level / 2)) / value,
    };

    // The logs' mean is the log of the repeats' geometric mean, and their spread the run-to-run variation in shares of the figure.
    private static LogEstimate LogOf(IReadOnlyList<double> values)
    {
        var (mean, error) = MeanAndError([.. values.Select(v => Math.Log(v))]);
        return new LogEstimate(mean, error);
    }

    private static (double Mean, double Error) MeanAndError(IReadOnlyList<double> values)
    {
        var mean = values.Average();
        var variance = values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1);
        return (mean, Math.Sqrt(variance / values.Count));
    }

    private static double Square(double x) => x * x;
}

/// <summary>A side's estimate of a figure's natural log: its centre and standard error (the degrees of freedom are its figure's).</summary>
internal readonly record struct LogEstimate(double Centre, double StandardError);
