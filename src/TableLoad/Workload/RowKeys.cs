using System.Globalization;

namespace TableLoad.Workload;

/// <summary>
/// RowKeys unique within a run without coordination: process, task and the task's batch sequence,
/// fixed-width so that keys sort in the order they were written. The writer appends the index.
/// With a key space, a task's keys are its own stem and a key number it cycles over instead.
/// </summary>
internal static class RowKeys
{
    /// <summary>Digits of the index after a batch's stem (a batch holds at most 100 operations).</summary>
    public const int IndexDigits = 3;

    /// <summary>Digits of the key number after a task's stem when it cycles over a key space.</summary>
    public const int KeySpaceDigits = 8;

    /// <summary>The largest key space: its key numbers fit in <see cref="KeySpaceDigits"/> digits.</summary>
    public const int MaxKeySpace = 100_000_000;

    public static string Stem(string prefix, int instance, int process, int task, long batchSequence) =>
        string.Create(CultureInfo.InvariantCulture, $"{prefix}-{instance:D3}-{process:D3}-{task:D4}-{batchSequence:D10}-");

    /// <summary>The start of every RowKey an instance writes (<see cref="Stem"/> and <see cref="CycleStem"/> begin with it).</summary>
    public static string InstanceStem(string prefix, int instance) =>
        string.Create(CultureInfo.InvariantCulture, $"{prefix}-{instance:D3}-");

    /// <summary>The stem of every RowKey of a task that cycles over a key space; the key number follows it.</summary>
    public static string CycleStem(string prefix, int instance, int process, int task) =>
        string.Create(CultureInfo.InvariantCulture, $"{prefix}-{instance:D3}-{process:D3}-{task:D4}-");

    /// <summary>Length of a full RowKey (stem plus the 3-digit index), the longer of the two forms.</summary>
    public static int Length(string prefix) => Stem(prefix, 0, 0, 0, 0).Length + IndexDigits;
}
