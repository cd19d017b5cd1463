using System.Text.Json;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement;

/// <summary>The latency columns of the result table, in milliseconds; a merge recomputes them all from merged histograms.</summary>
internal sealed record LatencySummary(long Count, double Min, double Median, double Mean, double Max, double P90, double P95, double P99, double P999)
{
    /// <summary>The name summary.json gives the property named <paramref name="property"/> (its result files are snake_case).</summary>
    public static string FieldOf(string property) => JsonNamingPolicy.SnakeCaseLower.ConvertName(property);

    public static LatencySummary From(LatencyHistogram histogram)
    {
        if (histogram.TotalCount == 0)
        {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);
        }

        static double Ms(long micros) => micros / 1000.0;
        return new LatencySummary(
            histogram.TotalCount,
            Ms(histogram.Min),
            Ms(histogram.ValueAtPercentile(50)),
            histogram.Mean / 1000.0,
            Ms(histogram.Max),
            Ms(histogram.ValueAtPercentile(90)),
            Ms(histogram.ValueAtPercentile(95)),
            Ms(histogram.ValueAtPercentile(99)),
            Ms(histogram.ValueAtPercentile(99.9)));
    }
}
