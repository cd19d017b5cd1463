using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// The hidden <c>worker</c> side of a multi-process run: reads its validated settings from stdin, waits for the
/// coordinator's go, runs its share of the load, and reports each second on stdout.
/// </summary>
internal sealed class WorkerHost(TextReader stdin, TextWriter stdout, TimeProvider time)
{
    public async Task<int> RunAsync()
    {
        var channel = new WorkerChannel(stdout);
        if (await ReadStartAsync().ConfigureAwait(false) is not { } settings)
        {
            channel.Send(new ErrorMessage("The worker expected a start line with its settings on stdin."));
            return ExitCodes.BadInput;
        }

        using var signals = new StopSignals(time);
        var go = new TaskCompletionSource<GoMessage?>(TaskCreationOptions.RunContinuationsAsynchronously);
        _ = Task.Run(() => ListenAsync(go, signals));

        var ownCalls = new OwnCalls(time);
        using var admin = new TableAdmin(AuthorizedTarget.For(settings.Target, time), settings.Table, settings.TableCallTimeout, ownCalls: new OwnCallPolicy(ownCalls));
        LoadProcessTuning.Apply(settings);
        channel.Send(new ReadyMessage(RuntimeSettings.Current(settings.Runtime.ToName())));
        if (await go.Task.ConfigureAwait(false) is not { } timing)
        {
            return ExitCodes.Interrupted;
        }

        var wait = timing.StartEpochMicros - (time.GetUtcNow().ToUnixTimeMilliseconds() * 1000);
        if (wait > 0)
        {
            await Task.Delay(TimeSpan.FromMicroseconds(wait), time).ConfigureAwait(false);
        }

        var clock = new RunClock(time);
        var timeline = RunTimeline.FromWallClock(clock.StartEpochMicros, timing.WarmupEndEpochSecond, timing.StopEpochMicros);
        var batchLog = new BatchLogSink(settings.BatchLogBuffer);
        var batchLogPath = settings.WriteBatchLog ? Path.Combine(settings.OutputDirectory, ResultFiles.BatchesCsvOf(settings.Process, settings.Processes)) : null;
        var batchLogTask = batchLog.WriteAllAsync(batchLogPath);

        await new ProcessLoad(settings, admin, new WorkerNotices(channel)).RunAsync(clock, timeline, [new WorkerOutputSink(channel)], batchLog.Writer, signals, watermark =>
        {
            channel.Send(new TickMessage(watermark, ProcessSample.Take(clock.ElapsedMicros() / 1e6)));
            return Task.CompletedTask;
        }).ConfigureAwait(false);

        batchLog.Writer.Complete();
        await batchLogTask.ConfigureAwait(false);
        channel.Send(new DoneMessage(signals.Interrupted ? RunStatus.Interrupted : RunStatus.Complete, ProcessSample.Take(clock.ElapsedMicros() / 1e6), ownCalls.Minutes()));
        return signals.Interrupted ? ExitCodes.Interrupted : ExitCodes.Success;
    }

    /// <summary>The settings the coordinator validated and sent; null when the first line is not a start message carrying them.</summary>
    private async Task<RunSettings?> ReadStartAsync()
    {
        try
        {
            return await ReadControlAsync().ConfigureAwait(false) is StartMessage start ? start.Settings : null;
        }
        catch (System.Text.Json.JsonException)
        {
            return null;
        }
    }

    /// <summary>Obeys the coordinator; its end of stdin closing means it is gone, so stop at once.</summary>
    /// <param name="go">Set to the go message, or to null when the coordinator is gone before it.</param>
    private async Task ListenAsync(TaskCompletionSource<GoMessage?> go, StopSignals signals)
    {
        while (await ReadControlAsync().ConfigureAwait(false) is { } message)
        {
            switch (message)
            {
                case GoMessage timing:
                    go.TrySetResult(timing);
                    break;
                case StopMessage:
                    signals.RequestStop();
                    break;
                case AbandonMessage:
                    signals.RequestStop();
                    signals.AbandonAfter(TimeSpan.Zero);
                    break;
            }
        }

        go.TrySetResult(null);
        signals.RequestStop();
        signals.AbandonAfter(TimeSpan.Zero);
    }

    private async Task<ControlMessage?> ReadControlAsync()
    {
        var line = await stdin.ReadLineAsync().ConfigureAwait(false);
        return line is null ? null : WorkerProtocol.Deserialize<ControlMessage>(line);
    }
}
