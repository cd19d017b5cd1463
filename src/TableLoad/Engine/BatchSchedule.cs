using TableLoad.Settings;

namespace TableLoad.Engine;

/// <summary>
/// Open model: when each batch of one task is meant to start. The fleet's rate is split evenly over
/// every task of every process, and tasks are staggered inside one interval so starts do not bunch.
/// With a stage plan the rate follows the plan: the fleet's batches take turns over the tasks as at a
/// fixed rate, and each is due when the plan has intended the entities before it.
/// </summary>
internal sealed class BatchSchedule
{
    private readonly long _firstMicros;
    private readonly RampedSlot? _ramp;

    public BatchSchedule(double entitiesPerSecond, double entitiesPerRequest, int processes, int tasks, int process, int task, long startMicros)
    {
        var fleetTasks = (long)processes * tasks;
        IntervalMicros = (long)Math.Clamp(Math.Round(entitiesPerRequest * fleetTasks * 1e6 / entitiesPerSecond), 1, MaxIntervalMicros);
        var slot = ((long)process * tasks) + task;
        // In 128 bits: a tiny --rate makes the interval so long that interval × slot overflows 64.
        _firstMicros = startMicros + (long)((Int128)IntervalMicros * slot / fleetTasks);
    }

    /// <summary>A schedule that follows <paramref name="plan"/>, whose second 0 is <paramref name="measuredStartMicros"/> on the run's clock.</summary>
    public BatchSchedule(StagePlan plan, long measuredStartMicros, double entitiesPerRequest, int processes, int tasks, int process, int task, long startMicros)
        : this(plan.StartTarget, entitiesPerRequest, processes, tasks, process, task, startMicros)
    {
        var fleetTasks = (long)processes * tasks;
        _ramp = new RampedSlot(plan, measuredStartMicros, entitiesPerRequest, fleetTasks, ((long)process * tasks) + task,
            plan.Cumulative((startMicros - measuredStartMicros) / 1e6));
    }

    /// <summary>About 285 years: a longer interval never comes within a run anyway.</summary>
    public const long MaxIntervalMicros = long.MaxValue / 1024;

    /// <summary>The interval between one task's batches at the start (at the first stage's start with a plan).</summary>
    public long IntervalMicros { get; }

    /// <summary>When batch <paramref name="sequence"/> is due; beyond the clock's range it is never due.</summary>
    public long IntendedStartMicros(long sequence) => _ramp is { } ramp
        ? ramp.IntendedStartMicros(sequence)
        : (long)Int128.Min((Int128)_firstMicros + ((Int128)sequence * IntervalMicros), long.MaxValue);

    /// <summary>A batch is late when it could not start within one interval (the plan's at its intended time) of its intended time.</summary>
    public bool IsLate(long intendedMicros, long actualMicros) =>
        actualMicros - intendedMicros > (_ramp?.IntervalMicrosAt(intendedMicros) ?? IntervalMicros);

    /// <summary>One task's turns among the fleet's batches, timed by the plan's cumulative entities.</summary>
    private sealed record RampedSlot(StagePlan Plan, long MeasuredStartMicros, double EntitiesPerRequest, long FleetTasks, long Slot, double EntitiesBefore)
    {
        public long IntendedStartMicros(long sequence)
        {
            var fleetBatch = ((double)sequence * FleetTasks) + Slot;
            var second = Plan.SecondWhenCumulative(EntitiesBefore + (fleetBatch * EntitiesPerRequest));
            var micros = MeasuredStartMicros + (second * 1e6);
            return micros >= long.MaxValue ? long.MaxValue : (long)Math.Ceiling(micros);
        }

        public long IntervalMicrosAt(long micros)
        {
            var rate = Plan.TargetAt((micros - MeasuredStartMicros) / 1e6);
            return rate > 0 ? (long)Math.Clamp(Math.Round(EntitiesPerRequest * FleetTasks * 1e6 / rate), 1, MaxIntervalMicros) : MaxIntervalMicros;
        }
    }
}
