using System.Threading.Channels;
using Microsoft.Extensions.Logging.Abstractions;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Engine;

/// <summary>
/// One process's load on a clock that moves only when the test moves it, sending through the wire client
/// to Azurite's recorded "accepted" answer: every second is handed to the sinks once and in order, the
/// watermark never goes back, the run stops at its timeline's end or at a stop request, and the sinks
/// see every batch the batch log saw.
/// </summary>
public sealed class ProcessLoadTests
{
    // A quarter into a second, so the run's seconds do not line up with its start.
    private static readonly DateTimeOffset Start = new(2026, 11, 24, 0, 0, 0, 250, TimeSpan.Zero);

    [Fact]
    public async Task EverySecond_IsPublishedOnce_InOrder_AndTheWatermarkNeverGoesBack()
    {
        // The open model, 1,000 entities/s in batches of 10: 100 batches a second for 1 s of warm-up and 2 s measured.
        var settings = DefaultRunSettings.Create().WithLoads(l => l with { Model = new LoadModel.Open(1000, Tasks: 2), Batching = 10 }) with { Warmup = TimeSpan.FromSeconds(1), Duration = TimeSpan.FromSeconds(2) };

        var run = await RunAsync(settings, stopAfter: null);

        var seconds = run.Windows.Select(w => (w.EpochSecond, w.Warmup)).ToList();
        Assert.Equal(seconds.Distinct().Count(), seconds.Count);
        Assert.Equal(seconds.OrderBy(s => s.EpochSecond).ThenByDescending(s => s.Warmup), seconds);
        Assert.Equal(run.Timeline.StartEpochSecond, seconds[0].EpochSecond);
        Assert.All(run.Windows, w => Assert.Equal(w.EpochSecond < run.Timeline.WarmupEndEpochSecond, w.Warmup));
        Assert.Equal(run.Watermarks.Order(), run.Watermarks);
        Assert.True(run.Watermarks[^1] > seconds[^1].EpochSecond, $"the last watermark {run.Watermarks[^1]} leaves second {seconds[^1].EpochSecond} unpublished");
        // 100 batches a second from the start to the timeline's stop (the warm-up ends on a whole second), none after it.
        var due = run.Timeline.StopMicros / 10_000;
        Assert.InRange(run.Batches.Count, due - 2, due + 1);
        Assert.Equal(run.Batches.Count, run.Windows.Sum(w => w.Batches));
    }

    [Fact]
    public async Task AStopRequest_EndsTheRun_AndEveryBatchSentIsStillPublished()
    {
        var settings = DefaultRunSettings.Create().WithLoads(l => l with { Model = new LoadModel.Open(1000, Tasks: 2), Batching = 10 }) with { Warmup = TimeSpan.Zero, Duration = TimeSpan.FromMinutes(10) };

        var run = await RunAsync(settings, stopAfter: TimeSpan.FromSeconds(2));

        Assert.InRange(run.Batches.Count, 190, 202);
        Assert.Equal(run.Batches.Count, run.Windows.Sum(w => w.Batches));
        Assert.True(run.Elapsed < TimeSpan.FromSeconds(4), $"the run went on for {run.Elapsed} after a stop at 2 s");
    }

    [Fact]
    public async Task ABatchBudget_IsSpentExactly_AndTheSinksSeeEachBatch()
    {
        var settings = DefaultRunSettings.Create().WithLoads(l => l with { Model = new LoadModel.Closed(3), Batching = 10, Batches = 25 }) with { Warmup = TimeSpan.Zero };

        var run = await RunAsync(settings, stopAfter: null);

        Assert.Equal(25, run.Batches.Count);
        Assert.Equal(25, run.Windows.Sum(w => w.Batches));
        Assert.Equal(250, run.Windows.Sum(w => w.EntitiesSucceeded));
    }

    private static async Task<Outcome> RunAsync(RunSettings settings, TimeSpan? stopAfter)
    {
        var time = new SteppedTimeProvider(Start);
        var clock = new RunClock(time);
        var timeline = RunTimeline.Create(clock.StartEpochMicros, settings.Warmup, settings.Duration);
        var accepted = RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", "accepted.http"));
        using var admin = new TableAdmin(AuthorizedTarget.For(settings.Target, TimeProvider.System), settings.Table, settings.TableCallTimeout);
        using var signals = new StopSignals(time);
        var sink = new RecordingSink();
        var watermarks = new List<long>();
        var batchLog = Channel.CreateUnbounded<BatchRecord>();
        var load = new ProcessLoad(settings, admin, NullLogger.Instance, template => new WireBatchClient(admin.Target, settings.Table, template, new ReplayHandler(accepted), time));

        // The stop request (a Ctrl+C) comes at its moment on the run's clock.
        using var stopRequest = stopAfter is { } after ? new CancellationTokenSource(after, time) : new CancellationTokenSource();
        using var onStopRequest = stopRequest.Token.Register(signals.RequestStop);

        var running = load.RunAsync(clock, timeline, [sink], batchLog.Writer, signals, watermark =>
        {
            watermarks.Add(watermark);
            return Task.CompletedTask;
        });

        // In the open model each task waits on the clock for its next batch and the collection for its next second:
        // the clock moves 5 ms (each task is due every 20 ms) once all of them wait. The closed model never waits
        // on the clock; it ends when its budget is spent.
        if (settings.Load.Model.HasRateTarget)
        {
            await time.StepWhileParkedAsync(running, TimeSpan.FromMilliseconds(5), consumers: settings.Tasks + 1, limit: 4_000);
        }

        await running.WaitAsync(TimeSpan.FromSeconds(30));
        batchLog.Writer.Complete();
        return new Outcome(timeline, sink.Windows, watermarks, await batchLog.Reader.ReadAllAsync().ToListAsync(), time.GetUtcNow() - Start);
    }

    private sealed record Outcome(RunTimeline Timeline, List<Published> Windows, List<long> Watermarks, List<BatchRecord> Batches, TimeSpan Elapsed);

    private sealed record Published(long EpochSecond, bool Warmup, long Batches, long EntitiesSucceeded);

    /// <summary>Keeps what it is told of each window: the window itself goes back to the pool.</summary>
    private sealed class RecordingSink : IWindowSink
    {
        public List<Published> Windows { get; } = [];

        public void OnWindow(Window window, bool warmup) =>
            Windows.Add(new Published(window.EpochSecond, warmup, window.Counts.Batches, window.Counts.EntitiesSucceeded));
    }
}
