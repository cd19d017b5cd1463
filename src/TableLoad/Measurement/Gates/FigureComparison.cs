using TableLoad.Settings.Gates;

namespace TableLoad.Measurement.Gates;

internal enum ComparisonVerdict
{
    Better,
    Worse,
    NoDifference,
}

/// <summary>
/// NEW against BASE for one figure: the change, its confidence interval (Welch: the sides' errors
/// added in quadrature, Welch–Satterthwaite degrees of freedom) and whether it lies beyond noise.
/// </summary>
internal sealed record FigureComparison(RunFigure Figure, FigureEstimate Base, FigureEstimate New, double Level)
{
    public double Change => New.Value - Base.Value;

    public double StandardError => Math.Sqrt((Base.StandardError * Base.StandardError) + (New.StandardError * New.StandardError));

    public double DegreesOfFreedom
    {
        get
        {
            static double Term(FigureEstimate e) => double.IsPositiveInfinity(e.DegreesOfFreedom) ? 0 : Math.Pow(e.StandardError, 4) / e.DegreesOfFreedom;
            var terms = Term(Base) + Term(New);
            return terms > 0 ? Math.Pow(StandardError, 4) / terms : double.PositiveInfinity;
        }
    }

    public (double Low, double High) ChangeInterval
    {
        get
        {
            var half = FigureEstimate.Quantile(0.5 + (Level / 2), DegreesOfFreedom) * StandardError;
            return (Change - half, Change + half);
        }
    }

    /// <summary>The change as a share of BASE's value; null when BASE's value is 0.</summary>
    public double? RelativeChange => Base.Value != 0 ? Change / Math.Abs(Base.Value) : null;

    public ComparisonVerdict Verdict
    {
        get
        {
            var (low, high) = ChangeInterval;
            if (low <= 0 && high >= 0)
            {
                return ComparisonVerdict.NoDifference;
            }

            var rose = low > 0;
            return rose == Figure.HigherIsBetter() ? ComparisonVerdict.Better : ComparisonVerdict.Worse;
        }
    }
}
