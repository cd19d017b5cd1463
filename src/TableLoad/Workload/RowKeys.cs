using System.Globalization;

namespace TableLoad.Workload;

/// <summary>
/// RowKeys unique within a run without coordination: process, task and the task's batch sequence,
/// fixed-width so that keys sort in the order they were written. The writer appends the index.
/// </summary>
internal static class RowKeys
{
    public static string Stem(string prefix, int instance, int process, int task, long batchSequence) =>
        string.Create(CultureInfo.InvariantCulture, $"{prefix}-{instance:D3}-{process:D3}-{task:D4}-{batchSequence:D10}-");

    /// <summary>Length of a full RowKey (stem plus the 3-digit index).</summary>
    public static int Length(string prefix) => Stem(prefix, 0, 0, 0, 0).Length + 3;
}
