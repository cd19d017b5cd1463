using TableLoad.Measurement;
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
            channel.Send(new WorkerMessage(WorkerMessage.ErrorType) { Message = "The worker expected a start line with its settings on stdin." });
            return ExitCodes.BadInput;
        }

        using var signals = new StopSignals();
        var go = new TaskCompletionSource<ControlMessage>(TaskCreationOptions.RunContinuationsAsynchronously);
        _ = Task.Run(() => ListenAsync(go, signals));

        using var admin = new TableAdmin(settings.Target, settings.Table, settings.TableCallTimeout);
        ThreadPoolTuning.Apply(settings);
        channel.Send(new WorkerMessage(WorkerMessage.ReadyType) { RuntimeSettings = RuntimeSettings.Current(settings.Runtime.ToName()) });
        var timing = await go.Task.ConfigureAwait(false);
        if (timing.Type != ControlMessage.GoType)
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
        var batchLog = new BatchLogWriter(settings.BatchLogBuffer);
        var batchLogPath = settings.WriteBatchLog ? Path.Combine(settings.OutputDirectory, ResultFiles.BatchesCsvOf(settings.Process, settings.Processes)) : null;
        var batchLogTask = batchLog.WriteAllAsync(batchLogPath);

        await new ProcessLoad(settings, admin, new WorkerNotices(channel)).RunAsync(clock, timeline, [new WorkerOutputSink(channel)], batchLog.Writer, signals, watermark =>
        {
            channel.Send(new WorkerMessage(WorkerMessage.TickType) { Watermark = watermark, Sample = ProcessSample.Take(clock.ElapsedMicros() / 1e6) });
            return Task.CompletedTask;
        }).ConfigureAwait(false);

        batchLog.Writer.Complete();
        await batchLogTask.ConfigureAwait(false);
        channel.Send(new WorkerMessage(WorkerMessage.DoneType)
        {
            Status = signals.Interrupted ? "interrupted" : "complete",
            Sample = ProcessSample.Take(clock.ElapsedMicros() / 1e6),
        });
        return signals.Interrupted ? ExitCodes.Interrupted : ExitCodes.Success;
    }

    /// <summary>The settings the coordinator validated and sent; null when the first line is not a start message carrying them.</summary>
    private async Task<RunSettings?> ReadStartAsync()
    {
        try
        {
            var start = await ReadControlAsync().ConfigureAwait(false);
            return start?.Type == ControlMessage.StartType ? start.Settings : null;
        }
        catch (System.Text.Json.JsonException)
        {
            return null;
        }
    }

    /// <summary>Obeys the coordinator; its end of stdin closing means it is gone, so stop at once.</summary>
    private async Task ListenAsync(TaskCompletionSource<ControlMessage> go, StopSignals signals)
    {
        while (await ReadControlAsync().ConfigureAwait(false) is { } message)
        {
            switch (message.Type)
            {
                case ControlMessage.GoType:
                    go.TrySetResult(message);
                    break;
                case ControlMessage.StopType:
                    signals.RequestStop();
                    break;
                case ControlMessage.AbandonType:
                    signals.RequestStop();
                    signals.AbandonAfter(TimeSpan.Zero);
                    break;
            }
        }

        go.TrySetResult(new ControlMessage(ControlMessage.AbandonType));
        signals.RequestStop();
        signals.AbandonAfter(TimeSpan.Zero);
    }

    private async Task<ControlMessage?> ReadControlAsync()
    {
        var line = await stdin.ReadLineAsync().ConfigureAwait(false);
        return line is null ? null : WorkerProtocol.Deserialize<ControlMessage>(line);
    }
}
