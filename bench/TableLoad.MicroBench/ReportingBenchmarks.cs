using BenchmarkDotNet.Attributes;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.MicroBench;

/// <summary>Formatting one batches.csv row into the writer's reused buffer (the batch log's per-batch cost).</summary>
public class ReportingBenchmarks
{
    private static readonly BatchRecord Row = new(0, 3, "tl", 12_345_678, 23_456, 100, new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), false);

    private readonly char[] _row = new char[2048];

    [Benchmark(Description = "BatchLogSink.TryFormat (one row, reused buffer: the writer's path)")]
    public int TryFormat() => BatchLogSink.TryFormat(Row, _row, out var length) ? length : -1;
}
