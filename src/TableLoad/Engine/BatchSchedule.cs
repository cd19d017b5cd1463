namespace TableLoad.Engine;

/// <summary>
/// Open model: when each batch of one task is meant to start. The fleet's rate is split evenly over
/// every task of every process, and tasks are staggered inside one interval so starts do not bunch.
/// </summary>
internal sealed class BatchSchedule
{
    private readonly long _firstMicros;

    public BatchSchedule(double entitiesPerSecond, int batchSize, int processes, int tasks, int process, int task, long startMicros)
    {
        var fleetTasks = (long)processes * tasks;
        IntervalMicros = Math.Max(1, (long)Math.Round(batchSize * fleetTasks * 1e6 / entitiesPerSecond));
        var slot = ((long)process * tasks) + task;
        _firstMicros = startMicros + (IntervalMicros * slot / fleetTasks);
    }

    public long IntervalMicros { get; }

    public long IntendedStartMicros(long sequence) => _firstMicros + (sequence * IntervalMicros);

    /// <summary>A batch is late when it could not start within one interval of its intended time.</summary>
    public bool IsLate(long intendedMicros, long actualMicros) => actualMicros - intendedMicros > IntervalMicros;
}
