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
        IntervalMicros = (long)Math.Clamp(Math.Round(batchSize * fleetTasks * 1e6 / entitiesPerSecond), 1, MaxIntervalMicros);
        var slot = ((long)process * tasks) + task;
        // In 128 bits: a tiny --rate makes the interval so long that interval × slot overflows 64.
        _firstMicros = startMicros + (long)((Int128)IntervalMicros * slot / fleetTasks);
    }

    /// <summary>About 285 years: a longer interval never comes within a run anyway.</summary>
    public const long MaxIntervalMicros = long.MaxValue / 1024;

    public long IntervalMicros { get; }

    /// <summary>When batch <paramref name="sequence"/> is due; beyond the clock's range it is never due.</summary>
    public long IntendedStartMicros(long sequence) => (long)Int128.Min((Int128)_firstMicros + ((Int128)sequence * IntervalMicros), long.MaxValue);

    /// <summary>A batch is late when it could not start within one interval of its intended time.</summary>
    public bool IsLate(long intendedMicros, long actualMicros) => actualMicros - intendedMicros > IntervalMicros;
}
