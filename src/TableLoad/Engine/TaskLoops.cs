using System.Threading.Channels;
using TableLoad.Measurement;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// Runs this process's tasks. Closed model: each task sends its next batch as soon as the last one
/// answered. Open model (<see cref="LoadModel.Open"/>): each task starts batches at fixed intended
/// times and latency is measured from the intended start. Loops only record. With a stage plan the open
/// model's times follow it, and in the closed model task k sends only while the plan's target exceeds k
/// (rounded): a task retired finishes the batch it has in flight, and waits until the target comes back.
/// </summary>
internal sealed class TaskLoops(
    RunSettings settings,
    IBatchClient client,
    BatchSubmitter submitter,
    RunClock clock,
    WindowCollector collector,
    ChannelWriter<BatchRecord> batchLog,
    string nonce)
{
    private readonly BatchBudget _budget = new(settings.Load.Batches);

    /// <param name="measuredStartMicros">Where the measured period starts on the run's clock: a stage plan's second 0.</param>
    public Task RunAsync(CancellationToken stopStarting, CancellationToken abandon, long measuredStartMicros = 0)
    {
        var loops = new Task[settings.Tasks];
        var startMicros = clock.ElapsedMicros();
        for (var task = 0; task < loops.Length; task++)
        {
            var taskIndex = task;
            // The open models pace each task by a schedule; a closed plan retires and restarts the tasks; a closed load has neither.
            var (schedule, closedPlan) = settings.Load.Model.Match<(BatchSchedule?, StagePlan?)>(
                closed: _ => (null, null),
                open: open => (new BatchSchedule(open.EntitiesPerSecond, settings.Load.EntitiesPerRequest, settings.Processes, settings.Tasks, settings.Process, taskIndex, startMicros), null),
                closedStages: closed => (null, closed.Plan),
                openStages: open => (new BatchSchedule(open.Plan, measuredStartMicros, settings.Load.EntitiesPerRequest, settings.Processes, settings.Tasks, settings.Process, taskIndex, startMicros), null));
            loops[task] = Task.Run(() => LoopAsync(taskIndex, schedule, closedPlan, measuredStartMicros, stopStarting, abandon), CancellationToken.None);
        }

        return Task.WhenAll(loops);
    }

    private async Task LoopAsync(int task, BatchSchedule? schedule, StagePlan? closedPlan, long measuredStartMicros, CancellationToken stopStarting, CancellationToken abandon)
    {
        var recorder = collector.NewRecorder();
        // Read once: a run's load is its scenarios' first, found anew on each read of RunSettings.Load.
        var load = settings.Load;
        var cycle = load.Partitions.Cycle(load.Tasks);
        var keys = new TaskKeys(load.KeyPrefix, settings.Instance, settings.Process, task, load.BatchSize, load.KeySpace, cycle, nonce);
        var lanes = new RequestLanes(settings, client, keys, cycle);
        for (long sequence = 0; !stopStarting.IsCancellationRequested; sequence++)
        {
            // A retired task takes no batch of --batches' budget while it waits, so the tasks running can spend it all.
            if ((closedPlan is not null && !await WaitUntilActiveAsync(closedPlan, task, measuredStartMicros, stopStarting).ConfigureAwait(false))
                || !_budget.TryTake())
            {
                break;
            }

            var ((operation, sender, requests, slices), keySequence) = lanes.Next();
            var partitionKey = load.Partitions.PartitionKey(load.KeyPrefix, settings.Process, task, keySequence, load.Tasks);
            if (!requests.TryNext(keySequence, partitionKey, out var batch, out var count))
            {
                // A delete with no key left: this task's load has ended, as the run's output says.
                break;
            }

            sender.Prepare(batch, count);

            long? intended = null;
            if (schedule is not null)
            {
                intended = schedule.IntendedStartMicros(sequence);
                if (!await WaitUntilAsync(intended.Value, stopStarting).ConfigureAwait(false))
                {
                    break;
                }
            }

            recorder.Started();
            var started = clock.Timestamp();
            var result = await submitter.SubmitAsync(sender, operation, batch, abandon).ConfigureAwait(false);
            var ended = clock.Timestamp();

            var startMicros = clock.ElapsedMicros(started);
            var endMicros = clock.ElapsedMicros(ended);
            var latencyMicros = endMicros - (intended ?? startMicros);
            long? uncorrected = intended is null ? null : endMicros - startMicros;
            var late = intended is { } due && schedule!.IsLate(due, startMicros);
            // A batch's phase is that of its start: the batches in flight when the warm-up ends (at
            // start-up, the slowest of the run) stay warm-up, and those in flight at the stop are measured.
            var warmup = collector.IsWarmup(intended ?? startMicros);
            // A full batch log drops the row rather than hold the loop on the disk; the drop is counted.
            var entities = EntitiesOf(operation, result, count);
            var unlogged = settings.WriteBatchLog
                && !batchLog.TryWrite(new BatchRecord(settings.Process, task, partitionKey, startMicros, latencyMicros, entities, result, warmup, intended) { Operation = operation, Scenario = settings.ScenarioName });
            // An insert the service refused as existing (409) left its keys there to read: the partition's next insert goes on past them.
            if (lanes.Inserted is { } inserted && operation.KeyUse().WritesOnlyNew() && (result.Stored || result.ErrorCode == EntityAlreadyExists))
            {
                inserted.Add(keySequence, count);
            }

            var (newKeys, deletedKeys) = !result.Stored ? (0, 0) : operation.KeyUse() switch
            {
                // A mix's inserts write keys beyond the key space, each once.
                KeyUse.WritesNew when lanes.Inserted is not null => (count, 0),
                // Keys a preload stored are not new to the table when a task overwrites them.
                KeyUse.WritesNew or KeyUse.Overwrites => (load.Preload ? 0 : keys.Stored(keySequence, batch, count), 0),
                KeyUse.Deletes => (0, count),
                KeyUse.Reads or KeyUse.Updates => (0, 0),
            };
            recorder.Record(result, entities, latencyMicros, warmup, uncorrected, late, unlogged, newKeys, deletedKeys, slices);
        }
    }

    /// <summary>A request's entities: those a read or query returned, or a read-modify-write replaced, when it succeeded (those it asked for when it failed); a batch's own.</summary>
    private static int EntitiesOf(TableOperation operation, in BatchResult result, int count) =>
        operation.DrawsKeys() && result.Succeeded ? result.EntitiesReturned : count;

    /// <summary>Closed model: waits until the plan's target, rounded, counts task <paramref name="task"/> in; false when the run stops first.</summary>
    private async ValueTask<bool> WaitUntilActiveAsync(StagePlan plan, int task, long measuredStartMicros, CancellationToken stopStarting)
    {
        // Task k runs while the target is at least k + 0.5, so the number running is the target rounded.
        var threshold = task + 0.5;
        while (true)
        {
            var second = (clock.ElapsedMicros() - measuredStartMicros) / 1e6;
            var active = plan.FirstSecondAtLeast(threshold, second);
            if (active <= second)
            {
                return true;
            }

            // Never again in the plan: the task waits for the stop.
            var due = double.IsPositiveInfinity(active) ? long.MaxValue : measuredStartMicros + (long)Math.Ceiling(active * 1e6);
            if (!await WaitUntilAsync(due, stopStarting).ConfigureAwait(false))
            {
                return false;
            }
        }
    }

    private async ValueTask<bool> WaitUntilAsync(long elapsedMicros, CancellationToken stopStarting)
    {
        try
        {
            // A timer counts whole milliseconds and may wake before the microsecond that is due:
            // wait again until it has passed, so a batch never leaves before its intended start.
            for (var wait = elapsedMicros - clock.ElapsedMicros(); wait > 0; wait = elapsedMicros - clock.ElapsedMicros())
            {
                await Task.Delay(TimeSpan.FromMicroseconds(Math.Clamp(wait, 1000, MaxTimerMicros)), clock.Time, stopStarting).ConfigureAwait(false);
            }

            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    private const string EntityAlreadyExists = "EntityAlreadyExists";

    // Task.Delay refuses longer waits; a far intended start (a tiny --rate) is waited out in steps.
    private const long MaxTimerMicros = 24L * 3600 * 1_000_000;
}
