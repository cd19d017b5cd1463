namespace TableLoad.Measurement.Confidence;

/// <summary>Student's t distribution: the two-sided quantile a t interval needs, from the regularized incomplete beta function.</summary>
internal static class StudentT
{
    /// <summary>The t such that P(|T| ≤ t) = <paramref name="level"/> with <paramref name="degreesOfFreedom"/> degrees of freedom.</summary>
    public static double TwoSidedQuantile(double level, int degreesOfFreedom)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(degreesOfFreedom, 1);
        // The tail beyond t is monotonic in t, so bisection converges; 200 halvings reach double precision.
        double low = 0, high = 1e6;
        for (var i = 0; i < 200 && high - low > 1e-12 * high; i++)
        {
            var mid = (low + high) / 2;
            if (TwoSidedTail(mid, degreesOfFreedom) > 1 - level)
            {
                low = mid;
            }
            else
            {
                high = mid;
            }
        }

        return (low + high) / 2;
    }

    /// <summary>P(|T| &gt; t).</summary>
    public static double TwoSidedTail(double t, int degreesOfFreedom) =>
        RegularizedBeta(degreesOfFreedom / (degreesOfFreedom + (t * t)), degreesOfFreedom / 2.0, 0.5);

    private static double RegularizedBeta(double x, double a, double b)
    {
        if (x <= 0)
        {
            return 0;
        }

        if (x >= 1)
        {
            return 1;
        }

        var front = Math.Exp(LogGamma(a + b) - LogGamma(a) - LogGamma(b) + (a * Math.Log(x)) + (b * Math.Log(1 - x)));
        // The continued fraction converges fast on this side of the mean; the symmetry covers the other.
        return x < (a + 1) / (a + b + 2)
            ? front * BetaContinuedFraction(x, a, b) / a
            : 1 - (front * BetaContinuedFraction(1 - x, b, a) / b);
    }

    // Lentz's method for the incomplete beta function's continued fraction.
    private static double BetaContinuedFraction(double x, double a, double b)
    {
        const double tiny = 1e-300;
        var c = 1.0;
        var d = 1 - ((a + b) * x / (a + 1));
        d = 1 / (Math.Abs(d) < tiny ? tiny : d);
        var result = d;
        for (var m = 1; m <= 300; m++)
        {
            var even = m * (b - m) * x / ((a + (2 * m) - 1) * (a + (2 * m)));
            d = 1 + (even * d);
            c = 1 + (even / c);
            d = 1 / (Math.Abs(d) < tiny ? tiny : d);
            c = Math.Abs(c) < tiny ? tiny : c;
            result *= d * c;
            var odd = -(a + m) * (a + b + m) * x / ((a + (2 * m)) * (a + (2 * m) + 1));
            d = 1 + (odd * d);
            c = 1 + (odd / c);
            d = 1 / (Math.Abs(d) < tiny ? tiny : d);
            c = Math.Abs(c) < tiny ? tiny : c;
            var step = d * c;
            result *= step;
            if (Math.Abs(step - 1) < 1e-15)
            {
                break;
            }
        }

        return result;
    }

    // Lanczos' approximation (g = 7, nine terms), accurate to about 15 digits for positive arguments.
    private static double LogGamma(double x)
    {
        ReadOnlySpan<double> coefficients =
        [
            0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
            12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
        ];
        x -= 1;
        var sum = coefficients[0];
        for (var i = 1; i < coefficients.Length; i++)
        {
            sum += coefficients[i] / (x + i);
        }

        var t = x + 7.5;
        return (0.5 * Math.Log(2 * Math.PI)) + ((x + 0.5) * Math.Log(t)) - t + Math.Log(sum);
    }
}
