namespace TableLoad.Tests.TestSupport;

/// <summary>
/// The fake clock the engine's tests step: it must tell a delay (a consumer parked on the clock) from a timed
/// cancellation (a deadline), or those tests would step while the code still runs, or never step at all.
/// </summary>
public sealed class SteppedTimeProviderTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 24, 0, 0, 0, TimeSpan.Zero);

    [Fact]
    public async Task ADelay_IsAWaitUntilItsTimeComes_AndATimedCancellationIsNone()
    {
        var time = new SteppedTimeProvider(Start);
        using var deadline = new CancellationTokenSource(TimeSpan.FromSeconds(1), time);

        var delay = Task.Delay(TimeSpan.FromMilliseconds(10), time);

        Assert.Equal((1, 2L), (time.Waits, time.Armed));
        Assert.Equal(0, time.Step(TimeSpan.FromMilliseconds(9)));
        Assert.Equal(1, time.Step(TimeSpan.FromMilliseconds(1)));
        Assert.Equal(0, time.Waits);
        await delay;
    }

    [Fact]
    public async Task ACancelledDelay_IsNoLongerAWait()
    {
        var time = new SteppedTimeProvider(Start);
        using var stop = new CancellationTokenSource();
        var delay = Task.Delay(TimeSpan.FromSeconds(1), time, stop.Token);

        await stop.CancelAsync();

        Assert.Equal(0, time.Waits);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => delay);
    }

    [Fact]
    public async Task UntilAsync_CompletesWhenATimerChangeMakesTheConditionHold_OrWhenTheRunEnds()
    {
        var time = new SteppedTimeProvider(Start);
        var run = new TaskCompletionSource();

        var parked = time.UntilAsync(() => time.Waits == 1, run.Task);
        var later = time.UntilAsync(() => time.Waits == 2, run.Task);
        Assert.False(parked.IsCompleted);
        _ = Task.Delay(TimeSpan.FromSeconds(1), time);
        await parked;
        Assert.False(later.IsCompleted);
        run.SetResult();
        await later;
    }
}
