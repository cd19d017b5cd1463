using System.Globalization;

namespace TableLoad.Workload;

/// <summary>How batches are spread over partitions: <c>single</c>, <c>per-task</c> or <c>spread:N</c>.</summary>
internal abstract record PartitionStrategy
{
    public abstract string PartitionKey(string prefix, int process, int task, long batchSequence, int tasksPerProcess);

    /// <summary>After how many batches a task writes to the same partition again: its batches go round this many partitions.</summary>
    public virtual long Cycle(int tasksPerProcess) => 1;

    /// <summary>Parses the option text; returns null when it is not a known strategy.</summary>
    public static PartitionStrategy? TryParse(string text)
    {
        var trimmed = text.Trim();
        if (trimmed.Equals("single", StringComparison.OrdinalIgnoreCase))
        {
            return new Single();
        }

        if (trimmed.Equals("per-task", StringComparison.OrdinalIgnoreCase))
        {
            return new PerTask();
        }

        const string spreadPrefix = "spread:";
        if (trimmed.StartsWith(spreadPrefix, StringComparison.OrdinalIgnoreCase) &&
            int.TryParse(trimmed.AsSpan(spreadPrefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out var count) &&
            count is > 0 and <= 1_000_000)
        {
            return new Spread(count);
        }

        return null;
    }

    /// <summary>One partition for the whole run, like the original experiment.</summary>
    public sealed record Single : PartitionStrategy
    {
        public override string PartitionKey(string prefix, int process, int task, long batchSequence, int tasksPerProcess) => prefix;

        public override string ToString() => "single";
    }

    /// <summary>Each task of each process writes its own partition.</summary>
    public sealed record PerTask : PartitionStrategy
    {
        public override string PartitionKey(string prefix, int process, int task, long batchSequence, int tasksPerProcess) =>
            string.Create(CultureInfo.InvariantCulture, $"{prefix}-{process:D3}-{task:D4}");

        public override string ToString() => "per-task";
    }

    /// <summary>N partitions used round-robin: task t's k-th batch goes to (t + k * tasks) mod N.</summary>
    public sealed record Spread(int Count) : PartitionStrategy
    {
        public override string PartitionKey(string prefix, int process, int task, long batchSequence, int tasksPerProcess)
        {
            var slot = (task + (batchSequence * tasksPerProcess) + process) % Count;
            return string.Create(CultureInfo.InvariantCulture, $"{prefix}-{slot:D4}");
        }

        // Task t's k-th batch comes back to its partition once k * tasks is a multiple of the partitions.
        public override long Cycle(int tasksPerProcess) => Count / (long)System.Numerics.BigInteger.GreatestCommonDivisor(tasksPerProcess, Count);

        public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"spread:{Count}");
    }
}
