using System.Diagnostics;
using TableLoad.Measurement;
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
internal sealed class Preload(RunSettings settings, TableAdmin admin, TimeProvider time)
{
    /// <summary>Keys a preload batch writes: the most an entity group transaction may hold.</summary>
    public const int MaxBatchSize = 100;

    /// <summary>Batches in flight at once: enough to fill a key space in seconds, few enough to leave the service's limits alone.</summary>
    private const int Senders = 8;

    /// <summary>Retries of a throttled or lost preload batch: a key it leaves out would be a not_found of the run.</summary>
    private const int Retries = 5;

    public async Task<PreloadSummary> RunAsync(CancellationToken abandon)
    {
        var keySpace = settings.KeySpace ?? throw new InvalidOperationException("A preload needs a key space.");
        var batchSize = Math.Min(MaxBatchSize, keySpace);
        var cycle = settings.Partitions.Cycle(settings.Tasks);
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

        var stopwatch = Stopwatch.StartNew();
        using var client = BatchClientFactory.Create(settings.Client, admin.Target, settings.Table, settings.NewTemplate(), settings.Query, Senders + 2, settings.SdkDiagnostics, time);
        var submitter = new BatchSubmitter(BatchPipelineFactory.Create(settings.Timeout, Retries, time), admin);
        var totals = new PreloadCounts();
        var next = -1;
        async Task SendAsync()
        {
            var sender = client.CreateSender(TableOperation.UpsertReplace, WriteForm.Transaction);
            for (var index = Interlocked.Increment(ref next); index < work.Count * batchesPerPartition && !abandon.IsCancellationRequested; index = Interlocked.Increment(ref next))
            {
                var (process, task, slot) = work[index / batchesPerPartition];
                var first = index % batchesPerPartition * batchSize;
                var count = Math.Min(batchSize, keySpace - first);
                var keys = new TaskKeys(settings.KeyPrefix, settings.Instance, process, task, batchSize, keySpace, cycle, "preload");
                var batch = keys.From(settings.Partitions.PartitionKey(settings.KeyPrefix, process, task, slot, settings.Tasks), first);
                sender.Prepare(batch, count);
                var result = await submitter.SubmitAsync(sender, TableOperation.UpsertReplace, batch, abandon).ConfigureAwait(false);
                totals.Add(result.Stored, count);
            }
        }

        await Task.WhenAll(Enumerable.Range(0, Senders).Select(_ => Task.Run(SendAsync, CancellationToken.None))).ConfigureAwait(false);
        return totals.Summary(stopwatch.Elapsed.TotalSeconds);
    }

    private sealed class PreloadCounts
    {
        private long _entities;
        private long _batches;
        private long _failedBatches;

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
