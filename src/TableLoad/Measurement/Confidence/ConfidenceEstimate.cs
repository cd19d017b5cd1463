using System.Globalization;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Measurement.Confidence;

/// <summary>Turns a run's blocks of seconds into its <see cref="RunConfidence"/>.</summary>
internal static class ConfidenceEstimate
{
    /// <summary>Fewer blocks than this give no interval: a t interval over fewer is too wide to decide from.</summary>
    public const int MinimumBlocks = 10;

    // Blocks grow as the square root of the run (between 10 and 30 of them), so that long runs use long blocks, whose means are nearly independent.
    private const int MostBlocks = 30;

    // A block that overlaps the measured period for less than this is an edge of it and joins its neighbour.
    private const double ShortestBlockSeconds = 0.5;

    private static readonly double[] Percentiles = [50, 90, 99];

    public static RunConfidence Of(SecondBlocks seconds, MeasuredPeriod period, double level)
    {
        var blocks = Group(Fold(Measure(seconds.Blocks, period)), period);
        var blockSeconds = blocks.Count == 0 ? 0 : blocks.Max(b => b.Seconds);
        if (blocks.Count < MinimumBlocks)
        {
            return new RunConfidence
            {
                Level = level,
                Blocks = blocks.Count,
                BlockSeconds = blockSeconds,
                TooLittleData = string.Create(CultureInfo.InvariantCulture,
                    $"too little data: {period.Seconds:0.0} s measured make {blocks.Count} blocks of seconds, and an interval needs {MinimumBlocks}"),
            };
        }

        var mean = BatchMeans.Interval(blocks.Select(b => b.Seconds).ToList(), blocks.Select(b => (double)b.Entities).ToList(), level);
        var latency = new WoodruffQuantiles(blocks.Select(b => b.Latency).ToList()).Intervals(Percentiles, level);
        return new RunConfidence
        {
            Level = level,
            Blocks = blocks.Count,
            BlockSeconds = blockSeconds,
            MeanEntitiesPerSecond = mean with { Lo = Math.Max(0, mean.Lo) },
            LatencyMs = latency is [var p50, var p90, var p99] ? new LatencyIntervals(Ms(p50), Ms(p90), Ms(p99)) : null,
        };
    }

    private static ConfidenceInterval Ms(ConfidenceInterval micros) => micros with { Lo = micros.Lo / 1000, Hi = micros.Hi / 1000 };

    /// <summary>A block as the estimators see it: its measured time, entities, and the histograms of its parts.</summary>
    private sealed record Block(double Seconds, long Entities, List<LatencyHistogram> Latency)
    {
        public Block Join(Block other) => new(Seconds + other.Seconds, Entities + other.Entities, [.. Latency, .. other.Latency]);
    }

    // The first block reaches back to the period's start and the last to its end, so their times add up to the measured time even
    // when a quiet second at either edge sent no window; answers after the stop (batches in flight) add entities but no time.
    private static List<Block> Measure(IReadOnlyList<SecondBlock> blocks, MeasuredPeriod period) =>
        blocks.Select((b, i) => new Block(
            period.Overlap(i == 0 ? double.NegativeInfinity : b.FirstSecond, i == blocks.Count - 1 ? double.PositiveInfinity : b.EndSecond),
            b.Entities,
            b.Latency is { } latency ? [latency] : [])).ToList();

    private static List<Block> Fold(List<Block> blocks)
    {
        var folded = new List<Block>();
        foreach (var block in blocks)
        {
            if (folded.Count > 0 && (block.Seconds < ShortestBlockSeconds || folded[^1].Seconds < ShortestBlockSeconds))
            {
                folded[^1] = folded[^1].Join(block);
            }
            else
            {
                folded.Add(block);
            }
        }

        return folded;
    }

    private static List<Block> Group(List<Block> blocks, MeasuredPeriod period)
    {
        var wanted = Math.Clamp((int)Math.Sqrt(Math.Max(0, period.Seconds)), MinimumBlocks, MostBlocks);
        var perGroup = Math.Max(1, blocks.Count / wanted);
        return blocks.Chunk(perGroup).Select(chunk => chunk.Aggregate((a, b) => a.Join(b))).ToList();
    }
}
