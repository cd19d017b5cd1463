using TableLoad.Cli;
using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings;

namespace TableLoad.Tests.Measurement.Gates;

/// <summary>The judge of <c>--abort-if</c> over the seconds as the merger publishes them: the last WINDOW seconds, not the run so far.</summary>
public sealed class AbortJudgeTests
{
    private const long MeasuredFrom = 1_000;
    private const int Entities = 100;

    private static readonly RunIdentity Identity = new("run", "", Tasks: 4, BatchSize: Entities, EntitySize: 1024, Partitions: "single", Rate: null, Client: "wire");

    private static (AbortJudge Judge, TaskCompletionSource Stopped) CreateSut(string conditions, ILoadTarget? target = null, double measuredSeconds = 60)
    {
        var stopped = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        return (new AbortJudge(AbortConditionParser.Parse([conditions], "--abort-if", []), target ?? new LoadModel.Closed(4), Identity, MeasuredFrom, measuredSeconds, () => stopped.TrySetResult()), stopped);
    }

    /// <summary>One second of <paramref name="succeeded"/> stored batches and <paramref name="throttled"/> refused with 503.</summary>
    private static Window Second(long epochSecond, int succeeded, int throttled)
    {
        var window = new Window();
        window.Reset(epochSecond);
        for (var i = 0; i < succeeded; i++)
        {
            window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), Entities);
        }

        for (var i = 0; i < throttled; i++)
        {
            window.Counts.Record(new BatchResult(BatchOutcome.ServerBusy, 503, "ServerBusy", null, 1), Entities);
        }

        return window;
    }

    [Fact]
    public async Task ThrottlingAfterTenCleanSeconds_HoldsOnceItFillsTheWindow_ThoughTheRunSoFarIsMostlyClean()
    {
        var (judge, stopped) = CreateSut("throttled>50% for 2s");

        for (var s = 0; s < 10; s++)
        {
            judge.OnWindow(Second(MeasuredFrom + s, succeeded: 10, throttled: 0), warmup: false);
        }

        judge.OnWindow(Second(MeasuredFrom + 10, succeeded: 0, throttled: 10), warmup: false);
        Assert.Null(judge.StoppedBy);
        judge.OnWindow(Second(MeasuredFrom + 11, succeeded: 0, throttled: 10), warmup: false);

        // From the start, 20 of 120 batches were throttled (17%); over the last 2 s, all of them.
        Assert.Equal(new StoppedBy("throttled>50% for 2s", 12, 100, null), judge.StoppedBy! with { Sentence = null });
        Assert.Equal("Stopped by --abort-if throttled>50% for 2s at second 12: throttled was 100% over the last 2 s.", judge.StoppedBy?.Sentence);
        await stopped.Task.WaitAsync(TimeSpan.FromMinutes(1));
    }

    [Fact]
    public void TheSecondAfterTheMeasuredTime_HoldingOnlyTheAnswersInFlight_IsNotJudged()
    {
        var (judge, _) = CreateSut("eps<0.8*target for 2s", new LoadModel.Open(1_000, Tasks: 4), measuredSeconds: 5);

        for (var s = 0; s < 5; s++)
        {
            judge.OnWindow(Second(MeasuredFrom + s, succeeded: 10, throttled: 0), warmup: false);
        }

        // One batch answered after the stop: with the second before it, 550 e/s against a target of 1,000.
        judge.OnWindow(Second(MeasuredFrom + 5, succeeded: 1, throttled: 0), warmup: false);

        Assert.Null(judge.StoppedBy);
    }

    [Fact]
    public void WarmupSeconds_AreNotJudged()
    {
        var (judge, _) = CreateSut("throttled>50% for 1s");

        judge.OnWindow(Second(MeasuredFrom - 1, succeeded: 0, throttled: 10), warmup: true);

        Assert.Null(judge.StoppedBy);
    }

    [Fact]
    public void EpsBelowAShareOfTheTarget_ComparesTheWindowsMeanWithTheTarget_AndNamesIt()
    {
        var (judge, _) = CreateSut("eps<0.8*target for 2s", new LoadModel.Open(1_000, Tasks: 4));

        judge.OnWindow(Second(MeasuredFrom, succeeded: 9, throttled: 0), warmup: false);
        judge.OnWindow(Second(MeasuredFrom + 1, succeeded: 8, throttled: 0), warmup: false);
        Assert.Null(judge.StoppedBy);
        judge.OnWindow(Second(MeasuredFrom + 2, succeeded: 7, throttled: 0), warmup: false);

        // 850 e/s over seconds 1-2 is above 800; 750 over seconds 2-3 is below.
        Assert.Equal(new StoppedBy("eps<0.8*target for 2s", 3, 750, 1_000), judge.StoppedBy! with { Sentence = null });
        Assert.Equal("Stopped by --abort-if eps<0.8*target for 2s at second 3: eps was 750 e/s over the last 2 s, with the target at 1000 e/s.", judge.StoppedBy?.Sentence);
    }
}
