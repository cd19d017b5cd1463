using BenchmarkDotNet.Attributes;
using TableLoad.Storage.Wire;
using TableLoad.Workload;

namespace TableLoad.MicroBench;

/// <summary>Building one batch of 100 inserts of 1 KB entities (8 binary properties) from the shared template.</summary>
public class BatchBodyBenchmarks
{
    private readonly PartitionStrategy _partitions = new PartitionStrategy.Single();
    private BatchBodyWriter _writer = null!;
    private long _sequence;

    [GlobalSetup]
    public void Setup()
    {
        var template = EntityTemplate.Create(1024, 8);
        _writer = new BatchBodyWriter(template, "http://127.0.0.1:10002/devstoreaccount1/tableload20260101000000");
        _writer.Write("tl", RowKeys.Stem("tl", 0, 0, 3, 0), "20260101-000000-abcd", 100);
    }

    [Benchmark(Description = "BatchBodyWriter.Write (100 entities)")]
    public int Write() => _writer.Write("tl", "tl-000-000-0003-0000000042-", "20260101-000000-abcd", 100).Length;

    [Benchmark(Description = "keys + Write, as TaskLoops does per batch")]
    public int KeysAndWrite()
    {
        var sequence = _sequence++;
        var partitionKey = _partitions.PartitionKey("tl", 0, 3, sequence, 16);
        var stem = RowKeys.Stem("tl", 0, 0, 3, sequence);
        return _writer.Write(partitionKey, stem, "20260101-000000-abcd", 100).Length;
    }
}
