using System.Threading.Channels;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Resilience;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Storage.Wire;
using TableLoad.Tests.TestSupport;
using TableLoad.Workload;

namespace TableLoad.Tests.Engine;

/// <summary>
/// The task loops on a clock that moves only when the test moves it, sending through the wire client to
/// Azurite's recorded "accepted" answer: the batch budget is spent exactly, and in the open model no
/// batch leaves before its intended start.
/// </summary>
public sealed class TaskLoopsTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 24, 0, 0, 0, 250, TimeSpan.Zero);

    [Theory]
    [InlineData(1, 5)]
    [InlineData(3, 7)]
    public async Task ClosedModel_SpendsTheBatchBudget_Exactly(int tasks, long budget)
    {
        var records = await RunAsync(DefaultRunSettings.Create().WithLoads(l => l with { Model = new LoadModel.Closed(tasks), Batches = budget, Batching = 10 }));

        Assert.Equal(budget, records.Count);
        Assert.All(records, r => Assert.Equal(BatchOutcome.Succeeded, r.Result.Outcome));
    }

    [Fact]
    public async Task OpenModel_NoBatchLeavesBeforeItsIntendedStart_AndEachIsDueOneIntervalAfterTheLast()
    {
        // 2,000 entities/s in batches of 10 over 2 tasks: each task is due every 10 ms, the second 5 ms after the
        // first, so a stop at 38 ms comes after the eighth batch's start (35 ms) and before the ninth's (40 ms).
        var records = await RunAsync(DefaultRunSettings.Create().WithLoads(l => l with { Model = new LoadModel.Open(2000, Tasks: 2), Batching = 10 }), stopAfter: TimeSpan.FromMilliseconds(38));

        Assert.Equal(8, records.Count);
        Assert.All(records, r => Assert.True(r.StartMicros >= r.IntendedStartMicros, $"task {r.Task} left at {r.StartMicros} µs, due at {r.IntendedStartMicros} µs"));
        foreach (var task in records.GroupBy(r => r.Task))
        {
            var due = task.Select(r => r.IntendedStartMicros!.Value).Order().ToList();
            Assert.All(due.Zip(due.Skip(1)), pair => Assert.Equal(10_000, pair.Second - pair.First));
        }
    }

    private static async Task<List<BatchRecord>> RunAsync(RunSettings settings, TimeSpan? stopAfter = null)
    {
        var time = new SteppedTimeProvider(Start);
        var clock = new RunClock(time);
        var accepted = RecordedAnswer.Read(Path.Combine(AppContext.BaseDirectory, "Storage", "Answers", "accepted.http"));
        var template = EntityTemplate.Create(settings.Load.EntitySize, settings.Load.Properties);
        var target = AuthorizedTarget.For(settings.Target, time);
        using var client = new WireBatchClient(target, settings.Table, template, new ReplayHandler(accepted), time);
        using var admin = new TableAdmin(target, settings.Table, settings.TableCallTimeout);
        var submitter = new BatchSubmitter(BatchPipelineFactory.Create(settings.Timeout, settings.Retries, time), admin, time);
        var collector = new WindowCollector(clock, new WindowPool(), warmupEndEpochSecond: 0, sinks: []);
        var batchLog = Channel.CreateUnbounded<BatchRecord>();
        using var stop = stopAfter is { } after ? new CancellationTokenSource(after, time) : new CancellationTokenSource();

        var running = new TaskLoops(settings, client, submitter, clock, collector, batchLog.Writer, "nonce").RunAsync(stop.Token, CancellationToken.None);

        // In the open model every task waits on the clock for its next batch: the clock moves a millisecond once
        // all of them wait. The closed model never waits on the clock; it ends when its budget is spent.
        if (settings.Load.Model.HasRateTarget)
        {
            await time.StepWhileParkedAsync(running, TimeSpan.FromMilliseconds(1), consumers: settings.Tasks, limit: 10_000);
        }

        await running.WaitAsync(TimeSpan.FromSeconds(30));
        batchLog.Writer.Complete();
        return await batchLog.Reader.ReadAllAsync().ToListAsync();
    }
}
