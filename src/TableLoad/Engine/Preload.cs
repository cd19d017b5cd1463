using System.Diagnostics;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Reporting;
using TableLoad.Resilience;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// <c>--preload</c>: before the run's clock starts, writes every key of the key space once, for every process, task and partition
/// of this instance, with the keys the task loops will name (<see cref="TaskKeys.From"/>), in upsert-replace batches of up to
/// 100 from a few concurrent senders. Not measured; what it did is the summary's <c>preload</c>.
/// </summary>
internal sealed class Preload(RunSettings settings, TableAdmin admin, TimeProvider time, TextWriter? progress, OwnCalls? ownCalls = null)
{
    /// <summary>Keys a preload batch writes: the most an entity group transaction may hold.</summary>
    public const int MaxBatchSize = 100;

    /// <summary>Batches in flight at once: enough to fill a key space in seconds, few enough to leave the service's limits alone.</summary>
    private const int Senders = 8;

    /// <summary>Retries of a throttled or lost preload batch: a key it leaves out would be a not_found of the run.</summary>
    private const int Retries = 5;

    /// <summary>The entities a load's preload writes: its key space in every partition of every task of every process of this instance.</summary>
    public static long EntitiesOf(RunSettings load) =>
        load.Load is { Preload: true, KeySpace: { } keySpace } ? keySpace * (long)load.Processes * load.Tasks * load.Load.Partitions.Cycle(load.Tasks) : 0;

    /// <summary>Writes the key space until it is full or the first Ctrl+C: batches in flight then finish (or are abandoned and read back at the second), none starts.</summary>
    public async Task<PreloadSummary> RunAsync(StopSignals signals)
    {
        var keySpace = settings.Load.KeySpace ?? throw new InvalidOperationException("A preload needs a key space.");
        var batchSize = Math.Min(MaxBatchSize, keySpace);
        var cycle = settings.Load.Partitions.Cycle(settings.Tasks);
        var batchesPerPartition = (keySpace + batchSize - 1) / batchSize;
        var work = new List<(int Process, int Task, long Slot)>();
        for (var process = 0; process < settings.Processes; process++)
        {
            for (var task = 0; task < settings.Tasks; task++)
            {
                for (long slot = 0; slot < cycle; slot++)
                {
                    work.Add((process, task, slot));
                }
            }
        }

        using var onStop = signals.AbandonSoonAfterStop(settings.Timeout);
        var stopwatch = Stopwatch.StartNew();
        using var client = BatchClientFactory.Create(settings.Client, admin.Target, settings.Table, settings.Load.NewTemplate(), settings.Load.Query, Senders + 2, settings.SdkDiagnostics, time);
        var submitter = new BatchSubmitter(BatchPipelineFactory.Create(settings.Timeout, Retries, time), admin, time);
        var totals = new PreloadCounts();
        var next = -1;
        async Task SendAsync()
        {
            var sender = client.CreateSender(TableOperation.UpsertReplace, WriteForm.Transaction);
            for (var index = Interlocked.Increment(ref next); index < work.Count * batchesPerPartition && !signals.StopStarting.IsCancellationRequested; index = Interlocked.Increment(ref next))
            {
                var (process, task, slot) = work[index / batchesPerPartition];
                var first = index % batchesPerPartition * batchSize;
                var count = Math.Min(batchSize, keySpace - first);
                var keys = new TaskKeys(settings.Load.KeyPrefix, settings.Instance, process, task, batchSize, keySpace, cycle, "preload");
                var batch = keys.From(settings.Load.Partitions.PartitionKey(settings.Load.KeyPrefix, process, task, slot, settings.Tasks), first);
                sender.Prepare(batch, count);
                var result = await submitter.SubmitAsync(sender, TableOperation.UpsertReplace, batch, signals.Abandon).ConfigureAwait(false);
                totals.Add(result.Stored, count);
                ownCalls?.Add(OwnCall.Preload, result.Outcome, result.Attempts);
            }
        }

        var sending = Task.WhenAll(Enumerable.Range(0, Senders).Select(_ => Task.Run(SendAsync, CancellationToken.None)));
        if (progress is not null)
        {
            await PreloadProgress.Create(progress, EntitiesOf(settings), time).ShowUntilAsync(totals.Entities, sending).ConfigureAwait(false);
        }

        await sending.ConfigureAwait(false);
        return totals.Summary(stopwatch.Elapsed.TotalSeconds);
    }

    private sealed class PreloadCounts
    {
        private long _entities;
        private long _batches;
        private long _failedBatches;

        public long Entities() => Interlocked.Read(ref _entities);

        public void Add(bool stored, int entities)
        {
            Interlocked.Increment(ref _batches);
            if (stored)
            {
                Interlocked.Add(ref _entities, entities);
            }
            else
            {
                Interlocked.Increment(ref _failedBatches);
            }
        }

        public PreloadSummary Summary(double seconds) => new(_entities, _batches, seconds) { FailedBatches = _failedBatches };
    }
}
