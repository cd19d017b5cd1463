using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Time.Testing;
using TableLoad.Engine;
using TableLoad.Engine.Fleet;
using TableLoad.Measurement;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Engine.Fleet;

/// <summary>
/// The coordinator's side of a multi-process run, with workers that answer in the real protocol's lines
/// when the test says so, on a clock that moves only when the test moves it.
/// </summary>
public sealed class WorkerFleetTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 24, 0, 0, 0, 500, TimeSpan.Zero);

    [Fact]
    public async Task Start_EveryWorkerReady_IsNoFailure_AndEachGetsItsShareOfTheBudget()
    {
        var workers = new ScriptedWorkers(onStart: (_, worker) => worker.Report(Ready()));
        using var fleet = new WorkerFleet(DefaultRunSettings.Create().WithLoads(l => l with { Batches = 10 }) with { Processes = 3 }, new FakeTimeProvider(Start), NullLogger.Instance, workers.Launch);

        Assert.Null(await fleet.StartAsync(CancellationToken.None));

        var started = workers.Links.Select(l => Assert.IsType<StartMessage>(Assert.Single(l.Sent)).Settings).ToList();
        Assert.Equal([0, 1, 2], started.Select(s => s.Process));
        Assert.Equal([4L, 3L, 3L], started.Select(s => s.Load.Batches!.Value));
        Assert.All(started, s => Assert.True(s.Quiet));
    }

    [Fact]
    public async Task Start_AWorkerRefusesItsSettings_IsOneSentenceNamingIt()
    {
        var workers = new ScriptedWorkers(onStart: (k, worker) => worker.Report(k == 1
            ? new ErrorMessage("--tasks must be at least 1.")
            : Ready()));
        using var fleet = new WorkerFleet(DefaultRunSettings.Create() with { Processes = 2 }, new FakeTimeProvider(Start), NullLogger.Instance, workers.Launch);

        var failure = await fleet.StartAsync(CancellationToken.None);

        Assert.Equal($"worker 1 (pid {workers.Links[1].Pid}) refused its settings: --tasks must be at least 1.", failure);
    }

    [Fact]
    public async Task Start_AWorkerExitsBeforeItIsReady_IsOneSentenceWithItsExitCodeAndLastWords()
    {
        var workers = new ScriptedWorkers(onStart: (_, worker) => worker.Exit(134, "Unhandled exception."));
        using var fleet = new WorkerFleet(DefaultRunSettings.Create() with { Processes = 2 }, new FakeTimeProvider(Start), NullLogger.Instance, workers.Launch);

        var failure = await fleet.StartAsync(CancellationToken.None);

        Assert.Equal($"worker 0 (pid {workers.Links[0].Pid}) exited with code 134 before it was ready: Unhandled exception.", failure);
    }

    [Fact]
    public async Task Start_AWorkerNeverReady_IsRefusedOnceTheReadyLimitPassesOnTheRunsClock()
    {
        var workers = new ScriptedWorkers(onStart: (k, worker) =>
        {
            if (k == 0)
            {
                worker.Report(Ready());
            }
        });
        var time = new SteppedTimeProvider(Start);
        using var fleet = new WorkerFleet(DefaultRunSettings.Create() with { Processes = 2 }, time, NullLogger.Instance, workers.Launch);

        var starting = fleet.StartAsync(CancellationToken.None);
        time.Step(TimeSpan.FromSeconds(59));
        Assert.False(starting.IsCompleted);

        // The limit is the run's: on another clock the fleet would wait a real minute, past the step that ends it.
        time.Step(TimeSpan.FromSeconds(1));
        Assert.Equal("The workers were not ready within 60 s.", await starting.WaitAsync(TimeSpan.FromSeconds(30)));
    }

    [Fact]
    public async Task Run_AWorkerThatFallsSilent_IsStoppedAfterTheSilenceLimit_AndTheOthersSecondsAreStillMerged()
    {
        var (time, workers, fleet) = await TwoReadyWorkersAsync();
        using var _ = fleet;
        var (running, sink) = Run(fleet, time, new StopSignals(time));
        var speaking = workers.Links[0];

        // Worker 0 reports each second; worker 1 never speaks again.
        var second = Start.ToUnixTimeSeconds();
        await AdvanceUntilAsync(time, running, () => fleet.Workers[1].Failure is not null, everySecond: async () =>
        {
            await SayAsync(time, running, speaking, Window(second, batches: 7));
            await SayAsync(time, running, speaking, new TickMessage(++second, default));
        });

        Assert.Equal($"fell silent for {WorkerFleet.SilenceLimit.TotalSeconds:0} s and was stopped", fleet.Workers[1].Failure);
        Assert.True(workers.Links[1].Killed);
        Assert.InRange(time.GetUtcNow() - Start, WorkerFleet.SilenceLimit, WorkerFleet.SilenceLimit + TimeSpan.FromSeconds(1));
        Assert.False(workers.Links[0].Killed);

        await SayAsync(time, running, speaking, new DoneMessage(RunStatus.Complete, default, []));
        await AdvanceUntilAsync(time, running, () => running.IsCompleted);
        Assert.Equal(fleet.Workers[0].Totals.Measured.Batches + fleet.Workers[0].Totals.Warmup.Batches, sink.Batches);
        Assert.True(sink.Batches >= 7 * 5, $"only {sink.Batches} of worker 0's batches were merged");
    }

    [Fact]
    public async Task Run_TheFirstStopRequest_GoesToEveryLiveWorker_AndTheSecondAbandons()
    {
        var (time, workers, fleet) = await TwoReadyWorkersAsync();
        using var _ = fleet;
        using var signals = new StopSignals(time);
        var (running, _) = Run(fleet, time, signals);

        signals.Request();
        signals.Request();
        foreach (var link in workers.Links)
        {
            await SayAsync(time, running, link, new DoneMessage(RunStatus.Interrupted, default, []));
        }

        await AdvanceUntilAsync(time, running, () => running.IsCompleted);
        Assert.All(workers.Links, link => Assert.Equal(
            [typeof(StartMessage), typeof(GoMessage), typeof(StopMessage), typeof(AbandonMessage)],
            link.Sent.Select(m => m.GetType())));
        Assert.All(fleet.Workers, w => Assert.Null(w.Failure));
    }

    [Fact]
    public async Task Run_AWorkersWarning_IsSaidByTheCoordinator_UnderTheWorkersName()
    {
        var log = new CollectingLogger();
        var (time, workers, fleet) = await TwoReadyWorkersAsync(log);
        using var _ = fleet;
        var (running, _) = Run(fleet, time, new StopSignals(time));

        await SayAsync(time, running, workers.Links[1], new NoticeMessage(LogLevel.Warning, "OTLP metric export failed."));
        foreach (var link in workers.Links)
        {
            await SayAsync(time, running, link, new DoneMessage(RunStatus.Complete, default, []));
        }

        await AdvanceUntilAsync(time, running, () => running.IsCompleted);
        Assert.Equal([(LogLevel.Warning, $"worker 1 (pid {workers.Links[1].Pid}): OTLP metric export failed.")], log.Entries);
    }

    private static async Task<(SteppedTimeProvider Time, ScriptedWorkers Workers, WorkerFleet Fleet)> TwoReadyWorkersAsync(ILogger? log = null)
    {
        var time = new SteppedTimeProvider(Start);
        var workers = new ScriptedWorkers(onStart: (_, worker) => worker.Report(Ready()));
        var fleet = new WorkerFleet(DefaultRunSettings.Create() with { Processes = 2 }, time, log ?? NullLogger.Instance, workers.Launch);
        Assert.Null(await fleet.StartAsync(CancellationToken.None));
        return (time, workers, fleet);
    }

    private static (Task Running, CountingSink Sink) Run(WorkerFleet fleet, SteppedTimeProvider time, StopSignals signals)
    {
        var clock = new RunClock(time);
        var timeline = RunTimeline.Create(clock.StartEpochMicros, TimeSpan.Zero, TimeSpan.FromMinutes(1));
        var sink = new CountingSink();
        return (fleet.RunAsync(clock, timeline, [sink], signals, () => Task.CompletedTask), sink);
    }

    /// <summary>
    /// Moves the clock 50 ms at a time until the condition holds or a minute has passed. The fleet waits on one timer
    /// at a time (a quarter of a second, or until a worker speaks); each time it runs out, the next step waits until
    /// the fleet has looked for silent workers and waits on its next timer.
    /// </summary>
    private static async Task AdvanceUntilAsync(SteppedTimeProvider time, Task running, Func<bool> done, Func<Task>? everySecond = null)
    {
        for (var step = 0; !done() && step < 1_200; step++)
        {
            if (step % 20 == 0 && everySecond is not null)
            {
                await everySecond();
            }

            var armed = time.Armed;
            if (time.Step(TimeSpan.FromMilliseconds(50)) > 0)
            {
                await time.UntilAsync(() => time.Armed > armed, running);
            }

            if (running.IsFaulted)
            {
                await running;
            }
        }

        Assert.True(done(), "the fleet did not get there within a minute of its clock");
    }

    /// <summary>Says one line as the worker, then waits until the fleet has handled it and waits on its next timer (or has finished).</summary>
    private static async Task SayAsync(SteppedTimeProvider time, Task running, ScriptedLink link, WorkerMessage message)
    {
        var armed = time.Armed;
        link.Report(message);
        await time.UntilAsync(() => time.Armed > armed, running);
    }

    private static WindowMessage Window(long epochSecond, int batches)
    {
        var window = new Window();
        window.Reset(epochSecond);
        window.Counts.Add(new WindowCounts { Batches = batches, Attempts = batches, EntitiesSucceeded = batches * 100 });
        return WindowMessage.Of(window, warmup: false);
    }

    private static ReadyMessage Ready() => new(RuntimeSettings.Current("tuned"));

    private sealed class CountingSink : IWindowSink
    {
        public long Batches { get; private set; }

        public void OnWindow(Window window, bool warmup) => Batches += window.Counts.Batches;
    }

    /// <summary>Workers that answer the start message as told; everything crosses the protocol's text, both ways.</summary>
    private sealed class ScriptedWorkers(Action<int, ScriptedLink> onStart)
    {
        public List<ScriptedLink> Links { get; } = [];

        public IWorkerLink Launch(Func<WorkerMessage?, ValueTask> report)
        {
            var link = new ScriptedLink(Links.Count, report, onStart);
            Links.Add(link);
            return link;
        }
    }

    private sealed class ScriptedLink(int index, Func<WorkerMessage?, ValueTask> report, Action<int, ScriptedLink> onStart) : IWorkerLink
    {
        private string _lastWords = "";

        public int Pid { get; } = 40_000 + index;

        public int? ExitCode { get; private set; }

        public string StderrTail => _lastWords;

        public bool Killed { get; private set; }

        public List<ControlMessage> Sent { get; } = [];

        public void Send(ControlMessage message)
        {
            Sent.Add(WorkerProtocol.Deserialize<ControlMessage>(WorkerProtocol.Serialize(message)));
            if (message is StartMessage)
            {
                onStart(index, this);
            }
        }

        public void Report(WorkerMessage message) =>
            report(WorkerProtocol.Deserialize<WorkerMessage>(WorkerProtocol.Serialize(message))).AsTask().GetAwaiter().GetResult();

        public void Exit(int code, string lastWords)
        {
            (ExitCode, _lastWords) = (code, lastWords);
            report(null).AsTask().GetAwaiter().GetResult();
        }

        public void Kill() => Killed = true;

        public void Dispose()
        {
        }
    }
}
