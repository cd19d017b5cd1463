using TableLoad.Storage;

namespace TableLoad.Tune;

/// <summary>
/// Where tune may look: tasks 1..<see cref="MaxTasks"/> per process, processes 1..<see cref="MaxProcesses"/>,
/// and batch sizes: the user's list when given (sizes, or single writes alone), otherwise any size 1..100.
/// </summary>
internal sealed record TuneSpace(int MaxTasks, int MaxProcesses, IReadOnlyList<Batching>? BatchSizes)
{
    public const int DefaultMaxTasks = 256;
    public const int MaxBatchSize = 100;
}
