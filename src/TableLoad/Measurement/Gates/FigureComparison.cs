using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

internal enum ComparisonVerdict
{
    Better,
    Worse,
    NoDifference,
    CannotDecide,
}

/// <summary>How a figure's change is taken: as a ratio of the sides (on the log scale), or in percentage points (a share).</summary>
internal enum ChangeScale
{
    Ratio,
    Points,
}

/// <summary>
/// NEW against BASE for one figure: the change, its confidence interval (Welch: the sides' errors
/// added in quadrature, Welch–Satterthwaite degrees of freedom) and whether it lies beyond noise.
/// A rate, a latency or a cost changes by a ratio, whose interval is taken on the log scale and so
/// never leaves (−100%, +∞) and reads the same with the sides swapped; a share changes in points.
/// Sides of interleaved rounds are judged by their paired differences instead (<see cref="Paired"/>).
/// </summary>
internal sealed record FigureComparison(RunFigure Figure, FigureEstimate Base, FigureEstimate New, double Level)
{
    /// <summary>Why no verdict can be reached, in words that name the side; null when one can.</summary>
    public string? Undecided { get; init; }

    /// <summary>
    /// The run-to-run noise both sides' errors were made with, when one spread serves both: the change's degrees of freedom are
    /// then the spread's (Satterthwaite over it and the runs' own intervals), not Welch's over two independent errors.
    /// </summary>
    public RunNoise? Noise { get; init; }

    /// <summary>The rounds' paired differences, when the sides are interleaved rounds: the change and its interval are then theirs alone.</summary>
    public PairedRounds? Paired { get; init; }

    public ChangeScale Scale => ScaleOf(Figure);

    public static ChangeScale ScaleOf(RunFigure figure) => figure.Unit() switch
    {
        FigureUnit.Percent => ChangeScale.Points,
        FigureUnit.EntitiesPerSecond or FigureUnit.Milliseconds or FigureUnit.Microseconds => ChangeScale.Ratio,
    };

    /// <summary>
    /// The sides' figures the change is taken from. A ratio is taken between the means of the sides' logs, so over several runs
    /// a side its figures are their geometric means (an arithmetic mean beside it would not give the change); else the values.
    /// </summary>
    public (double Base, double New) Centres => LogRatio is not null && Base.Log is { } b && New.Log is { } n
        ? (Math.Exp(b.Centre), Math.Exp(n.Centre))
        : (Base.Value, New.Value);

    /// <summary>What <see cref="Centres"/> are, to name them beside the figures: "geometric means", "means"; null for one run a side, whose figures are its own.</summary>
    public string? CentresAre => Base.Runs == 1 && New.Runs == 1 ? null : LogRatio is not null ? "geometric means" : "means";

    /// <summary>NEW less BASE in the figure's unit (for a ratio, BASE's centre times the relative change).</summary>
    public double Change => RelativeChange is { } relative ? Centres.Base * relative : Paired?.Mean ?? (New.Value - Base.Value);

    /// <summary>The change's standard error on its scale: the log ratio's, or the points'.</summary>
    public double StandardError
    {
        get
        {
            if (Paired is { } paired)
            {
                return paired.StandardError;
            }

            var (b, n) = Errors();
            return Math.Sqrt((b * b) + (n * n));
        }
    }

    public double DegreesOfFreedom
    {
        get
        {
            if (Paired is { } paired)
            {
                return paired.DegreesOfFreedom;
            }

            if (Noise is { } noise)
            {
                return SharedNoiseDegreesOfFreedom(noise);
            }

            var (b, n) = Errors();
            static double Term(double error, double df) => double.IsPositiveInfinity(df) ? 0 : Math.Pow(error, 4) / df;
            var terms = Term(b, Base.DegreesOfFreedom) + Term(n, New.DegreesOfFreedom);
            return terms > 0 ? Math.Pow(StandardError, 4) / terms : double.PositiveInfinity;
        }
    }

    /// <summary>The change's interval in the figure's unit: a ratio's never reaches below −BASE, a share's never beyond 0 or 100%.</summary>
    public (double Low, double High) ChangeInterval
    {
        get
        {
            if (RelativeInterval is var (low, high))
            {
                return (Centres.Base * low, Centres.Base * high);
            }

            var half = HalfWidth;
            return Scale switch
            {
                ChangeScale.Points => (Math.Max(Change - half, -Base.Value), Math.Min(Change + half, 100 - Base.Value)),
                ChangeScale.Ratio => (Change - half, Change + half),
            };
        }
    }

    /// <summary>NEW over BASE, less 1, from the sides' logs; null for a share, and when BASE is 0 or less (no ratio).</summary>
    public double? RelativeChange => LogRatio is { } log ? Math.Exp(log) - 1 : RatioToNothing ? -1 : null;

    /// <summary>The interval of <see cref="RelativeChange"/>: the log ratio's, exponentiated.</summary>
    public (double Low, double High)? RelativeInterval =>
        LogRatio is { } log ? (Math.Exp(log - HalfWidth) - 1, Math.Exp(log + HalfWidth) - 1) : RatioToNothing ? (-1, -1) : null;

    public ComparisonVerdict Verdict
    {
        get
        {
            if (Undecided is not null || (Scale == ChangeScale.Ratio && RelativeChange is null))
            {
                return ComparisonVerdict.CannotDecide;
            }

            var (low, high) = ChangeInterval;
            if (low <= 0 && high >= 0)
            {
                return ComparisonVerdict.NoDifference;
            }

            var rose = low > 0;
            return rose == Figure.HigherIsBetter() ? ComparisonVerdict.Better : ComparisonVerdict.Worse;
        }
    }

    /// <summary>
    /// How many runs a side would put this difference beyond noise, were each side's runs to spread as one run of it is
    /// taken to here: the least n from 2 with |d| &gt; t(level, 2n − 2) · √((σ_base² + σ_new²) / n), d the change on its
    /// scale and σ a side's error as one run; null when none up to <paramref name="most"/> would, or there is no change.
    /// </summary>
    public int? RunsPerSideToDecide(int most)
    {
        var difference = LogRatio ?? Scale switch { ChangeScale.Points => Change, ChangeScale.Ratio => 0 };
        var perRun = Square(StandardError);
        for (var n = 2; difference != 0 && n <= most; n++)
        {
            if (Math.Abs(difference) > FigureEstimate.Quantile(0.5 + (Level / 2), (2 * n) - 2) * Math.Sqrt(perRun / n))
            {
                return n;
            }
        }

        return null;
    }

    private double SharedNoiseDegreesOfFreedom(RunNoise noise)
    {
        var shared = LogRatio is not null
            ? Square(noise.Share) * ((1.0 / Base.Runs) + (1.0 / New.Runs))
            : (Square(noise.At(Base.Value)) / Base.Runs) + (Square(noise.At(New.Value)) / New.Runs);
        return double.IsPositiveInfinity(noise.DegreesOfFreedom) || shared == 0
            ? double.PositiveInfinity
            : Square(Square(StandardError)) / (Square(shared) / noise.DegreesOfFreedom);
    }

    private static double Square(double x) => x * x;

    private double? LogRatio => Paired is { Scale: ChangeScale.Ratio } paired ? paired.Mean : Scale == ChangeScale.Ratio && Base.Log is { } b && New.Log is { } n ? n.Centre - b.Centre : null;

    // NEW measured 0 against a BASE that measured more: a fall of all of it, which no log can carry.
    private bool RatioToNothing => Scale == ChangeScale.Ratio && LogRatio is null && New.Value == 0 && Base.Value > 0;

    private double HalfWidth => FigureEstimate.Quantile(0.5 + (Level / 2), DegreesOfFreedom) * StandardError;

    private (double Base, double New) Errors() => LogRatio is not null
        ? (Base.Log!.Value.StandardError, New.Log!.Value.StandardError)
        : (Base.StandardError, New.StandardError);
}
