using System.Globalization;

namespace TableLoad.Bench.FakeEndpoint;

/// <summary>What the fake endpoint received: batches, their operations and their bodies' bytes (for the bytes a client sends per entity), single writes and point reads.</summary>
internal sealed class ReceivedBatches
{
    public const string Path = "/_fake/received";

    private long _batches;
    private long _operations;
    private long _bytes;
    private long _reads;
    private long _singleWrites;

    public void Add(int operations, long bytes)
    {
        Interlocked.Increment(ref _batches);
        Interlocked.Add(ref _operations, operations);
        Interlocked.Add(ref _bytes, bytes);
    }

    public void AddRead() => Interlocked.Increment(ref _reads);

    public void AddSingleWrite() => Interlocked.Increment(ref _singleWrites);

    public string ToJson() => string.Create(
        CultureInfo.InvariantCulture,
        $"{{\"batches\":{Interlocked.Read(ref _batches)},\"operations\":{Interlocked.Read(ref _operations)},\"body_bytes\":{Interlocked.Read(ref _bytes)},\"reads\":{Interlocked.Read(ref _reads)},\"single_writes\":{Interlocked.Read(ref _singleWrites)}}}");
}
