using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement.Confidence;

/// <summary>
/// Percentile intervals from a bootstrap over blocks: each replicate draws as many blocks as there are, with
/// replacement, merges their histograms and reads the percentile. Blocks keep the seconds inside them together,
/// so what one second does to the next stays in each draw. Seeded: the same blocks give the same interval.
/// </summary>
internal sealed class BlockBootstrap
{
    public const int Replicates = 2000;
    private const int Seed = 29;

    private readonly long[][] _cumulative;
    private readonly long[] _values;

    /// <param name="blocks">Each block as the histograms of its parts, all of one layout.</param>
    public BlockBootstrap(IReadOnlyList<IReadOnlyList<LatencyHistogram>> blocks)
    {
        // Only the buckets some block uses matter: a compact table keeps each replicate's search short.
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
    }

    /// <summary>The interval of each percentile (0..100], in the histograms' unit; null when no block holds a value.</summary>
    public IReadOnlyList<ConfidenceInterval>? Intervals(IReadOnlyList<double> percentiles, double level)
    {
        if (_values.Length == 0)
        {
            return null;
        }

        var random = new Random(Seed);
        var draws = new int[_cumulative.Length];
        var replicates = percentiles.Select(_ => new List<double>(Replicates)).ToList();
        for (var r = 0; r < Replicates; r++)
        {
            for (var i = 0; i < draws.Length; i++)
            {
                draws[i] = random.Next(_cumulative.Length);
            }

            var total = CountUpTo(draws, _values.Length - 1);
            for (var p = 0; p < percentiles.Count; p++)
            {
                // A replicate of empty blocks has no percentile; it is left out rather than read as zero.
                if (total > 0)
                {
                    replicates[p].Add(ValueAtPercentile(draws, total, percentiles[p]));
                }
            }
        }

        return replicates.Select(values => Quantiles(values, level)).ToList();
    }

    private static ConfidenceInterval Quantiles(List<double> values, double level)
    {
        values.Sort();
        var tail = (1 - level) / 2;
        return new ConfidenceInterval(values[(int)Math.Floor(tail * (values.Count - 1))], values[(int)Math.Ceiling((1 - tail) * (values.Count - 1))]);
    }

    // The histogram's own rule (LatencyHistogram.ValueAtPercentile): the bucket holding the ceil(p/100 · count)-th value.
    private long ValueAtPercentile(int[] draws, long total, double percentile)
    {
        var rank = Math.Max((long)Math.Ceiling(Math.BitDecrement(percentile) * total / 100.0), 1);
        int low = 0, high = _values.Length - 1;
        while (low < high)
        {
            var mid = (low + high) / 2;
            if (CountUpTo(draws, mid) >= rank)
            {
                high = mid;
            }
            else
            {
                low = mid + 1;
            }
        }

        return _values[low];
    }

    private long CountUpTo(int[] draws, int bucket)
    {
        long count = 0;
        foreach (var block in draws)
        {
            count += _cumulative[block][bucket];
        }

        return count;
    }
}
