using BenchmarkDotNet.Attributes;
using TableLoad.Storage;

namespace TableLoad.MicroBench;

/// <summary>
/// What reading a Cosmos DB answer's charge and sub-status costs a batch, beside the whole batch's CPU
/// (docs/performance.md compares the two; scripts/bench-charge.sh measures it end to end).
/// </summary>
public class ChargeBenchmarks
{
    private readonly string _charge = "683.51";
    private readonly string _subStatus = "3200";

    [Benchmark]
    public double Charge() => ServiceHeaders.Charge(_charge).Units;

    [Benchmark]
    public int? SubStatus() => ServiceHeaders.SubStatus(_subStatus);
}
