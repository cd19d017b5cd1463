using System.Threading.Channels;
using Microsoft.Extensions.Logging;
using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Settings;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// The coordinator's side of a multi-process run: starts the workers, holds them at a start barrier,
/// merges their seconds, relays stop requests, and gives up on a worker that dies or falls silent.
/// All protocol handling happens on the one loop in <see cref="RunAsync"/>, so nothing here locks.
/// </summary>
/// <param name="launch">Starts one worker: by default a child process running <c>tableload worker</c>.</param>
/// <param name="ownCalls">Where each worker's own calls (its read-backs) are added when it is done.</param>
internal sealed class WorkerFleet(RunSettings settings, TimeProvider time, ILogger log, WorkerLauncher? launch = null, OwnCalls? ownCalls = null) : IDisposable
{
    public static readonly TimeSpan SilenceLimit = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan ReadyLimit = TimeSpan.FromSeconds(60);

    private readonly Channel<(WorkerProcess Worker, WorkerMessage? Message)> _inbox = Channel.CreateUnbounded<(WorkerProcess, WorkerMessage?)>();
    private readonly List<WorkerProcess> _workers = [];
    private readonly WindowPool _pool = new();

    public IReadOnlyList<WorkerProcess> Workers => _workers;

    /// <summary>Starts every worker and waits until all are ready; returns an error sentence or null.</summary>
    public async Task<string?> StartAsync(CancellationToken cancellationToken)
    {
        for (var k = 0; k < settings.Processes; k++)
        {
            var worker = WorkerProcess.Start(k, settings.Slices, _inbox.Writer, launch ?? (report => ChildWorkerLink.Start(report, settings.Runtime.ChildEnvironment(settings.Processes, RuntimeProfiles.HeapHardLimitBytes()))));
            _workers.Add(worker);
            worker.Send(new StartMessage(ForWorker(settings, k)));
        }

        using var readyLimit = new CancellationTokenSource(ReadyLimit, time);
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, readyLimit.Token);
        try
        {
            while (_workers.Any(w => !w.Ready))
            {
                var (worker, message) = await _inbox.Reader.ReadAsync(limit.Token).ConfigureAwait(false);
                switch (message)
                {
                    case ReadyMessage ready:
                        worker.Ready = true;
                        worker.RuntimeSettings = ready.RuntimeSettings;
                        break;
                    case ErrorMessage error:
                        return $"{worker.Name} refused its settings: {error.Message}";
                    case null:
                        return $"{worker.Name} exited with code {worker.ExitCode} before it was ready: {worker.StderrTail}";
                }
            }
        }
        catch (OperationCanceledException)
        {
            return cancellationToken.IsCancellationRequested ? "Stopped before the workers were ready." : $"The workers were not ready within {ReadyLimit.TotalSeconds:0} s.";
        }

        return null;
    }

    /// <summary>
    /// Worker k's settings: the run's, with its process number and its share of the batch budget (a scenario's budget is each process's
    /// own); its progress is the coordinator's to show.
    /// </summary>
    public static RunSettings ForWorker(RunSettings run, int process) =>
        (run.OfScenarios ? run : run.WithLoads(load => load with { Batches = Share(load.Batches, run.Processes, process) })) with { Process = process, Quiet = true };

    /// <summary>Process k's part of a batch budget that is for the whole run: an even split, the remainder to the first.</summary>
    private static long? Share(long? total, int processes, int process) =>
        total is { } all ? (all / processes) + (process < all % processes ? 1 : 0) : null;

    /// <summary>Sends go, merges every worker's seconds into the sinks until all have finished or failed.</summary>
    public async Task RunAsync(RunClock clock, RunTimeline timeline, IReadOnlyList<IWindowSink> sinks, StopSignals signals, Func<Task> everySecond)
    {
        var merger = new WindowMerger(_pool, timeline.WarmupEndEpochSecond, sinks, timeline.StartEpochSecond);
        var go = new GoMessage(clock.StartEpochMicros, timeline.WarmupEndEpochSecond, clock.StartEpochMicros + timeline.StopMicros);
        foreach (var worker in _workers)
        {
            worker.LastHeard = time.GetUtcNow();
            worker.Send(go);
        }

        using var onStop = signals.StopStarting.Register(() => Broadcast(new StopMessage()));
        using var onAbandon = signals.Abandon.Register(() => Broadcast(new AbandonMessage()));
        var nextSecond = time.GetUtcNow().AddSeconds(1);
        while (_workers.Any(w => w.Live))
        {
            using var wait = new CancellationTokenSource(TimeSpan.FromMilliseconds(250), time);
            try
            {
                await _inbox.Reader.WaitToReadAsync(wait.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                // A quiet moment: still check for silent workers and publish.
            }

            while (_inbox.Reader.TryRead(out var item))
            {
                Handle(item.Worker, item.Message, merger);
            }

            GiveUpOnSilentWorkers();
            var live = _workers.Where(w => w.Live).ToList();
            merger.Publish(live.Count == 0 ? long.MaxValue : live.Min(w => w.Watermark));
            if (time.GetUtcNow() >= nextSecond)
            {
                await everySecond().ConfigureAwait(false);
                nextSecond = nextSecond.AddSeconds(1);
            }
        }

        merger.Publish(long.MaxValue);
    }

    public void Dispose()
    {
        foreach (var worker in _workers)
        {
            worker.Dispose();
        }
    }

    private void Handle(WorkerProcess worker, WorkerMessage? message, WindowMerger merger)
    {
        worker.LastHeard = time.GetUtcNow();
        switch (message)
        {
            case WindowMessage second:
                var window = _pool.Rent(second.EpochSecond);
                second.DecodeInto(window);
                worker.Totals.OnWindow(window, warmup: second.Warmup);
                merger.Add(window);
                break;
            case TickMessage tick:
                worker.Watermark = Math.Max(worker.Watermark, tick.Watermark);
                worker.Samples.Add(tick.Sample);
                break;
            case DoneMessage done:
                worker.Samples.Add(done.Sample);
                foreach (var counted in done.OwnCalls)
                {
                    ownCalls?.Add(counted);
                }

                worker.Done = true;
                break;
            case ErrorMessage error:
                worker.Failure ??= error.Message;
                break;
            case NoticeMessage notice:
                log.Log(notice.Level, "{Sentence}", $"{worker.Name}: {notice.Message}");
                break;
            case null when !worker.Done:
                worker.Failure ??= $"exited with code {worker.ExitCode}";
                break;
        }
    }

    private void GiveUpOnSilentWorkers()
    {
        var now = time.GetUtcNow();
        foreach (var worker in _workers.Where(w => w.Live && now - w.LastHeard > SilenceLimit))
        {
            worker.Failure = $"fell silent for {SilenceLimit.TotalSeconds:0} s and was stopped";
            worker.Kill();
        }
    }

    private void Broadcast(ControlMessage message)
    {
        foreach (var worker in _workers.Where(w => w.Live))
        {
            worker.Send(message);
        }
    }
}
