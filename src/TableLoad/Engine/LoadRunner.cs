using System.Threading.Channels;
using TableLoad.Measurement;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// Runs the closed-model load: <c>tasks</c> loops, each sending its next batch as soon as the last one
/// answered, until the stop token fires or the batch budget is spent. Loops only record.
/// </summary>
internal sealed class LoadRunner(
    RunSettings settings,
    EntityTemplate template,
    string tableUrl,
    BatchSubmitter submitter,
    RunClock clock,
    IntervalCollector collector,
    ChannelWriter<BatchRecord> batchLog,
    string nonce)
{
    private readonly BatchBudget _budget = new(settings.Batches);

    public Task RunAsync(CancellationToken stopStarting, CancellationToken abandon)
    {
        var loops = new Task[settings.Tasks];
        for (var task = 0; task < loops.Length; task++)
        {
            var taskIndex = task;
            loops[task] = Task.Run(() => LoopAsync(taskIndex, stopStarting, abandon), CancellationToken.None);
        }

        return Task.WhenAll(loops);
    }

    private async Task LoopAsync(int task, CancellationToken stopStarting, CancellationToken abandon)
    {
        var recorder = collector.NewRecorder();
        var writer = new BatchBodyWriter(template, tableUrl);
        for (long sequence = 0; !stopStarting.IsCancellationRequested && _budget.TryTake(); sequence++)
        {
            var partitionKey = settings.Partitions.PartitionKey(settings.KeyPrefix, settings.Process, task, sequence, settings.Tasks);
            var rowKeyStem = RowKeys.Stem(settings.KeyPrefix, settings.Instance, settings.Process, task, sequence);
            var body = writer.Write(partitionKey, rowKeyStem, nonce, settings.BatchSize);

            var started = clock.Timestamp();
            var result = await submitter.SubmitAsync(body, abandon).ConfigureAwait(false);
            var ended = clock.Timestamp();

            var startMicros = clock.ElapsedMicros(started);
            var latencyMicros = clock.ElapsedMicros(ended) - startMicros;
            var completedSecond = recorder.Record(result, settings.BatchSize, latencyMicros);
            var warmup = completedSecond < collector.WarmupEndEpochSecond;
            batchLog.TryWrite(new BatchRecord(settings.Process, task, partitionKey, startMicros, latencyMicros, settings.BatchSize, result, warmup));
        }
    }
}
