using System.Globalization;

namespace TableLoad.Bench.Results;

/// <summary>A figure over a benchmark's rounds as its tables print it: mean ± sample sd (min–max).</summary>
internal static class RoundSpread
{
    /// <summary><c>mean ± sd (min–max)</c> in <paramref name="format"/>; "n/a" for no rounds, sd 0 for one.</summary>
    public static string Show(IReadOnlyCollection<double> values, string format)
    {
        if (values.Count == 0)
        {
            return "n/a";
        }

        var mean = values.Average();
        var sd = values.Count > 1 ? Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1)) : 0;
        string Text(double value) => value.ToString(format, CultureInfo.InvariantCulture);
        return $"{Text(mean)} ± {Text(sd)} ({Text(values.Min())}–{Text(values.Max())})";
    }
}
