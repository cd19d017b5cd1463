using System.Globalization;
using System.Text;
using TableLoad.Measurement.Confidence;

namespace TableLoad.Sweep;

/// <summary>
/// The spread between repeats of a grid point (<c>--repeat N</c>): a t interval over the repeats' mean entities/s and p99.
/// Unlike a run's own intervals, these include everything that differs from one run to the next.
/// </summary>
internal static class RepeatIntervals
{
    /// <summary>One line per point that ran at least twice, in the order the points first ran; empty when none did.</summary>
    public static string Render(IReadOnlyList<SweepRow> rows)
    {
        var text = new StringBuilder();
        foreach (var point in rows.GroupBy(r => r.Cell with { Repeat = 0 }).Where(g => g.Count() >= 2))
        {
            var repeats = point.ToList();
            var mean = Interval(repeats.Select(r => r.MeanEntitiesPerSecond).ToList());
            var p99 = Interval(repeats.Select(r => r.P99).ToList());
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"between {repeats.Count} repeats of {repeats[0].Cell.PointName}: mean e/s {repeats.Average(r => r.MeanEntitiesPerSecond):F0} (95% CI {Math.Max(0, mean.Lo):F0}–{mean.Hi:F0}), p99 {repeats.Average(r => r.P99):F2} ms (95% CI {Math.Max(0, p99.Lo):F2}–{p99.Hi:F2})"));
        }

        return text.ToString();
    }

    // Each repeat counts once: a t interval over the repeats' figures.
    private static ConfidenceInterval Interval(IReadOnlyList<double> figures) =>
        BatchMeans.Interval(figures.Select(_ => 1.0).ToList(), figures, RunConfidence.DefaultLevel);
}
