using BenchmarkDotNet.Attributes;
using TableLoad.Engine;
using TableLoad.Reporting;

namespace TableLoad.MicroBench;

/// <summary>Formatting one batches.csv row (the batch log writer's per-batch cost).</summary>
public class ReportingBenchmarks
{
    private static readonly BatchRecord Row = new(0, 3, "tl", 12_345_678, 23_456, 100, new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), false);

    [Benchmark(Description = "BatchLogWriter.Format (one row)")]
    public int Format() => BatchLogWriter.Format(Row).Length;
}
