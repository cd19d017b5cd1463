using TableLoad.Workload;

namespace TableLoad.Bench.Loops;

/// <summary>
/// The keys <c>tableload run --preload --key-space N</c> wrote for each task of one process, named by TableLoad's own key types
/// (instance 0, process 0, <c>--partitions single</c>): task t of a read loop reads the keys TableLoad's task t reads, so both
/// sides read the same entities.
/// </summary>
internal sealed class PreloadedKeys(string prefix, int keySpace)
{
    public string PartitionKey { get; } = new PartitionStrategy.Single().PartitionKey(prefix, 0, 0, 0, 1);

    /// <summary>Every RowKey of <paramref name="task"/>'s key space, made once so a read's cost is the read's alone.</summary>
    public string[] RowKeys(int task)
    {
        var keys = new TaskKeys(prefix, 0, 0, task, 1, keySpace, 1, "read");
        return [.. Enumerable.Range(0, keySpace).Select(number => keys.From(PartitionKey, number).RowKey(0))];
    }
}
