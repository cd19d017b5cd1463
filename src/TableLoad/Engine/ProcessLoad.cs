using System.Threading.Channels;
using Microsoft.Extensions.Logging;
using TableLoad.Measurement;
using TableLoad.Resilience;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Telemetry;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>
/// This process's share of a run: the task loops plus the once-a-second collection that hands each
/// finished second to the sinks. Used by a one-process run and by every worker of a fleet.
/// </summary>
/// <param name="clientFor">The client for the run's entities: by default the one <c>--client</c> names.</param>
internal sealed class ProcessLoad(RunSettings settings, TableAdmin admin, ILogger log, Func<EntityTemplate, IBatchClient>? clientFor = null)
{
    /// <summary>Runs until the timeline's stop, the batch budget or a stop signal; then publishes every window.</summary>
    /// <param name="afterCollect">Called after each collection with the watermark: every earlier second has been published.</param>
    public async Task RunAsync(
        RunClock clock,
        RunTimeline timeline,
        IReadOnlyList<IWindowSink> sinks,
        ChannelWriter<BatchRecord> batchLog,
        StopSignals signals,
        Func<long, Task> afterCollect)
    {
        WindowCollector? collector = null;
        using var metrics = new RunMetrics(settings, () => collector?.InFlight() ?? 0);
        using var export = OtlpMetricsExport.Start(settings.OtlpEndpoint, Environment.GetEnvironmentVariable, log);
        collector = new WindowCollector(clock, new WindowPool(), timeline.WarmupEndEpochSecond, [.. sinks, metrics]);
        var submitter = new BatchSubmitter(BatchPipelineFactory.Create(settings.Timeout, settings.Retries, clock.Time), admin, clock.Time);

        // The nonce is new for every process and run, so an entity left by another run never passes for this one's;
        // with a key space each batch adds its sequence (TaskKeys), so an earlier write of the same key does not either.
        var nonce = settings.RunId + "." + Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(4));

        // Each scenario sends its own entities with its own client and loops, all recording into the one collector.
        var loads = settings.Loads().ToList();
        var clients = loads.Select(load => clientFor?.Invoke(load.Load.NewTemplate()) ?? BatchClientFactory.Create(
            load.Client, admin.Target, load.Table, load.Load.NewTemplate(), load.Load.Query, load.MaxConnections, load.SdkDiagnostics, clock.Time)).ToList();
        using var disposeClients = new ClientsOf(clients);
        var runners = loads.Select((load, k) => new TaskLoops(load, clients[k], submitter, clock, collector, batchLog, nonce)).ToList();

        // The stop is on the run's clock, as every other time of the run is.
        using var stopTime = new CancellationTokenSource(TimeSpan.FromMicroseconds(Math.Max(0, timeline.StopMicros - clock.ElapsedMicros())), clock.Time);
        using var stopStarting = CancellationTokenSource.CreateLinkedTokenSource(signals.StopStarting, stopTime.Token);
        using var onInterrupt = signals.AbandonSoonAfterStop(settings.Timeout);
        var running = Task.WhenAll(runners.Select(r => r.RunAsync(stopStarting.Token, signals.Abandon, timeline.MeasuredStartMicros)));

        for (var second = 1; !running.IsCompleted; second++)
        {
            // Wake just after each wall-clock second turns, when the last second can be published.
            var intoSecond = (clock.StartEpochMicros + clock.ElapsedMicros()) % 1_000_000;
            await Task.WhenAny(running, Task.Delay(TimeSpan.FromMicroseconds(1_000_000 - intoSecond + 2_000), clock.Time)).ConfigureAwait(false);
            await afterCollect(collector.Collect()).ConfigureAwait(false);
            if (second % NativeHeapTuning.TrimEverySeconds == 0)
            {
                NativeHeapTuning.Trim();
            }
        }

        await running.ConfigureAwait(false);
        await afterCollect(collector.Flush()).ConfigureAwait(false);
    }
}

/// <summary>Disposes every scenario's client at the end of the load.</summary>
file sealed class ClientsOf(IReadOnlyList<IBatchClient> clients) : IDisposable
{
    public void Dispose()
    {
        foreach (var client in clients)
        {
            client.Dispose();
        }
    }
}
