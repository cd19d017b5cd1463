namespace TableLoad.Measurement.Gates;

/// <summary>Where a comparison's run-to-run noise came from.</summary>
internal enum NoiseSource
{
    /// <summary>The spread of repeats of the compared configurations.</summary>
    Measured,

    /// <summary>TableLoad's default share for the figure (<see cref="RunToRunNoise"/>), measured on another configuration.</summary>
    Assumed,

    /// <summary>The share the user gave with <c>--run-noise</c>.</summary>
    Given,
}

/// <summary>
/// How far one run of a configuration lands from the next for one figure, and where that came from:
/// <see cref="Share"/> is one run's standard deviation on the log scale (about a share of the figure),
/// <see cref="Points"/>, where measured, the same in the figure's own unit (a share's points).
/// </summary>
/// <param name="Repeats">The runs the spread was measured over; 0 for a share assumed or given.</param>
/// <param name="DegreesOfFreedom">Those of the measured spread; infinite for a share assumed or given.</param>
internal sealed record RunNoise(NoiseSource Source, double Share, double? Points, int Repeats, double DegreesOfFreedom)
{
    public static RunNoise Assumed(double share) => new(NoiseSource.Assumed, share, null, 0, double.PositiveInfinity);

    public static RunNoise Given(double share) => new(NoiseSource.Given, share, null, 0, double.PositiveInfinity);

    /// <summary>
    /// The sample standard deviation of each group's runs about the group's own mean, pooled over the groups (the sides
    /// with repeats): of the figure's log for <see cref="Share"/>, of the figure for <see cref="Points"/>.
    /// </summary>
    public static RunNoise Measured(IReadOnlyList<IReadOnlyList<double>> groups)
    {
        var repeats = groups.Sum(g => g.Count);
        var degreesOfFreedom = repeats - groups.Count;
        if (degreesOfFreedom < 1)
        {
            throw new ArgumentException("A measured spread needs a group of at least two runs.", nameof(groups));
        }

        var points = Pooled(groups, degreesOfFreedom);
        // A run that measured 0 has no log; its side then takes no ratio, and the share is the spread relative to the mean, for its words only.
        var share = groups.All(g => g.All(v => v > 0))
            ? Pooled([.. groups.Select(g => (IReadOnlyList<double>)[.. g.Select(v => Math.Log(v))])], degreesOfFreedom)
            : points / Math.Max(groups.SelectMany(g => g).Average(Math.Abs), double.Epsilon);
        return new RunNoise(NoiseSource.Measured, share, points, repeats, degreesOfFreedom);
    }

    /// <summary>One run's standard deviation in the figure's unit at <paramref name="value"/>: the measured points, or the share of the value.</summary>
    public double At(double value) => Points ?? (Share * Math.Abs(value));

    private static double Pooled(IReadOnlyList<IReadOnlyList<double>> groups, int degreesOfFreedom) =>
        Math.Sqrt(groups.Sum(g => g.Sum(v => (v - g.Average()) * (v - g.Average()))) / degreesOfFreedom);
}
