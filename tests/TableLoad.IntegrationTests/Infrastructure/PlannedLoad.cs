namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// An open stage plan written out apart from TableLoad's own arithmetic: the entities it intends from its second 0 on,
/// and when each batch of the fleet is due. A test checks the batches' intended starts against it, which holds at any
/// machine speed, where the entities answered in a second depend on how fast the machine answers.
/// </summary>
/// <param name="startTarget">The rate before the first stage (the warm-up's), in entities per second.</param>
/// <param name="stages">Each stage's length and the target it ramps to, from the one before.</param>
internal sealed class PlannedLoad(double startTarget, params (double Seconds, double Target)[] stages)
{
    /// <summary>The entities the plan intends from second 0 to <paramref name="second"/> (negative before it, at the start target).</summary>
    public double Cumulative(double second)
    {
        var (total, start, from) = (0.0, 0.0, startTarget);
        if (second <= 0)
        {
            return startTarget * second;
        }

        foreach (var (length, target) in stages)
        {
            var x = Math.Min(second - start, length);
            total += (from * x) + ((target - from) * x * x / (2 * length));
            if (second <= start + length)
            {
                return total;
            }

            (start, from) = (start + length, target);
        }

        return total + (from * (second - start));
    }

    /// <summary>
    /// How far each batch's due time is from the plan's: the plan's entities at its intended start, less those of the
    /// fleet's batches before it (the <c>k</c>-th batch of fleet task <c>t</c> is the fleet's <c>k × fleetTasks + t</c>-th).
    /// A schedule that follows the plan gives every batch the same value, whatever it started from.
    /// </summary>
    /// <param name="batches">One process's batches.csv rows.</param>
    /// <param name="measuredFromMs">The plan's second 0, in ms on the clock of <c>intended_start_ms</c>.</param>
    public IReadOnlyList<double> ScheduleOffsets(
        IEnumerable<IReadOnlyDictionary<string, string>> batches, double measuredFromMs, int batchSize, int fleetTasks, int firstSlot = 0) =>
        [.. from b in batches
            let intended = ResultFolder.Number(b["intended_start_ms"])
            group intended by int.Parse(b["task"], System.Globalization.CultureInfo.InvariantCulture) into task
            from due in task.Order().Select((ms, k) => (Fleet: ((long)k * fleetTasks) + firstSlot + task.Key, Second: (ms - measuredFromMs) / 1000))
            select Cumulative(due.Second) - (due.Fleet * batchSize)];

    /// <summary>
    /// A worker's batches.csv counts from the worker's own start, which no file gives: its plan's second 0 is where the schedule
    /// offsets agree best, to the millisecond, before the first batch due after the warm-up and after the last due in it (a batch's
    /// phase is that of its due time); a worker that started after the warm-up has none, and second 0 is then up to the plan's length before.
    /// </summary>
    public double PlanStartMs(IReadOnlyList<IReadOnlyDictionary<string, string>> batches, int batchSize, int fleetTasks, int firstSlot)
    {
        var firstMeasured = batches.Where(b => b["warmup"] == "false").Min(b => ResultFolder.Number(b["intended_start_ms"]));
        var earliest = batches.Where(b => b["warmup"] == "true").Select(b => ResultFolder.Number(b["intended_start_ms"]))
            .DefaultIfEmpty(firstMeasured - (1000 * stages.Sum(s => s.Seconds))).Max();
        return Enumerable.Range(0, (int)Math.Ceiling(firstMeasured - earliest) + 1).Select(ms => Math.Min(earliest + ms, firstMeasured))
            .MinBy(ms => Spread(ScheduleOffsets(batches, ms, batchSize, fleetTasks, firstSlot)));
    }

    /// <summary>How far apart the smallest and largest of <paramref name="values"/> are.</summary>
    public static double Spread(IReadOnlyList<double> values) => values.Max() - values.Min();

    /// <summary>The stage (1 on) whose period holds <paramref name="second"/>; 0 before the plan.</summary>
    public int StageAt(double second)
    {
        var end = 0.0;
        for (var i = 0; i < stages.Length; i++)
        {
            end += stages[i].Seconds;
            if (second >= 0 && second < end)
            {
                return i + 1;
            }
        }

        return second < 0 ? 0 : stages.Length + 1;
    }
}
