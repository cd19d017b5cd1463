using MathNet.Numerics.Distributions;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement.Confidence;

/// <summary>
/// Percentile intervals by Woodruff's method over blocks of seconds: the share of batches at or below the
/// estimated percentile gets a t interval from the blocks (each block's share weighed by its batches, as
/// <see cref="BatchMeans"/> weighs rates), and the interval's ends are read back as percentiles of the merged
/// histogram. Blocks carry what one second does to the next; the binomial variance of independent batches
/// is the floor, since batches that share a second's queue are never less alike than independent ones.
/// docs/results.md, "Confidence intervals", says why the variance is widened by a design effect.
/// </summary>
internal sealed class WoodruffQuantiles
{
    private readonly long[][] _cumulative;
    private readonly long[] _values;
    private readonly long[] _merged;

    /// <param name="blocks">Each block as the histograms of its parts, all of one layout.</param>
    public WoodruffQuantiles(IReadOnlyList<IReadOnlyList<LatencyHistogram>> blocks)
    {
        // Only the buckets some block uses matter: a compact table keeps each look-up short.
        var any = blocks.SelectMany(b => b).FirstOrDefault() ?? new LatencyHistogram();
        var used = new bool[any.CountsLength];
        foreach (var histogram in blocks.SelectMany(b => b))
        {
            for (var i = 0; i < histogram.EncodedCountsLength; i++)
            {
                used[i] |= histogram.CountAtIndex(i) != 0;
            }
        }

        var indices = Enumerable.Range(0, used.Length).Where(i => used[i]).ToArray();
        _values = indices.Select(i => any.HighestEquivalentValue(any.ValueFromIndex(i))).ToArray();
        _cumulative = blocks.Select(parts =>
        {
            var row = new long[indices.Length];
            long running = 0;
            for (var u = 0; u < indices.Length; u++)
            {
                foreach (var histogram in parts)
                {
                    running += histogram.CountAtIndex(indices[u]);
                }

                row[u] = running;
            }

            return row;
        }).ToArray();
        _merged = new long[indices.Length];
        foreach (var row in _cumulative)
        {
            for (var u = 0; u < row.Length; u++)
            {
                _merged[u] += row[u];
            }
        }
    }

    /// <summary>The interval of each percentile (0..100], in the histograms' unit; null when no block holds a value.</summary>
    public IReadOnlyList<ConfidenceInterval>? Intervals(IReadOnlyList<double> percentiles, double level)
    {
        if (_values.Length == 0 || _merged[^1] == 0)
        {
            return null;
        }

        var t = StudentT.InvCDF(0, 1, _cumulative.Length - 1, 0.5 + (level / 2));
        return percentiles.Select(p =>
        {
            var share = p / 100;
            var half = t * Math.Sqrt(DesignEffect(share) * share * (1 - share) / _merged[^1]);
            // A share beyond 0 or 1 reads the smallest or largest latency seen: no run can bound a percentile past them.
            return new ConfidenceInterval(_values[BucketAt(share - half)], _values[BucketAt(share + half)], level);
        }).ToList();
    }

    /// <summary>
    /// How many times the share's variance exceeds that of as many independent batches, at least 1: the largest of
    /// the design effects at the guide shares up to this one and at this one. A far percentile of a short run rests
    /// on a handful of batches, whose spread between blocks is too noisy alone to widen its interval enough.
    /// </summary>
    private double DesignEffect(double share) =>
        GuideShares.Where(guide => guide < share).Append(share).Select(DesignEffectAt).Prepend(1).Max();

    private static readonly double[] GuideShares = [0.5, 0.75, 0.9, 0.95];

    // Between blocks, the ratio estimator's variance of the share of batches at or below the share's bucket, over the
    // binomial variance of as many independent batches.
    private double DesignEffectAt(double share)
    {
        var bucket = BucketAt(share);
        double total = _merged[^1];
        var below = _merged[bucket] / total;
        if (below is <= 0 or >= 1)
        {
            return 1;
        }

        double squares = 0;
        foreach (var row in _cumulative)
        {
            var deviation = (row[bucket] - (below * row[^1])) / total;
            squares += deviation * deviation;
        }

        var blocks = _cumulative.Length;
        return squares * blocks / (blocks - 1) / (below * (1 - below) / total);
    }

    // The histogram's own rule (LatencyHistogram.ValueAtPercentile): the bucket holding the ceil(share · count)-th value.
    private int BucketAt(double share)
    {
        var total = _merged[^1];
        var rank = Math.Clamp((long)Math.Ceiling(Math.BitDecrement(Math.Clamp(share, 0, 1)) * total), 1, total);
        var bucket = Array.FindIndex(_merged, count => count >= rank);
        return bucket;
    }
}
