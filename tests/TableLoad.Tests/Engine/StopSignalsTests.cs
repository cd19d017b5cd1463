using Microsoft.Extensions.Time.Testing;
using TableLoad.Engine;

namespace TableLoad.Tests.Engine;

public sealed class StopSignalsTests
{
    [Fact]
    public void FirstRequest_StopsStarting_SecondAbandons()
    {
        using var signals = new StopSignals(TimeProvider.System);

        signals.Request();
        Assert.True(signals.Interrupted && signals.StopStarting.IsCancellationRequested && !signals.Abandon.IsCancellationRequested);

        signals.Request();
        Assert.True(signals.Abandon.IsCancellationRequested);
    }

    [Fact]
    public async Task TwoRequestsAtOnce_FromTwoThreads_AlwaysEscalate()
    {
        // Two Ctrl+C delivered together: exactly one may be the first, so the other always abandons.
        for (var i = 0; i < 500; i++)
        {
            using var signals = new StopSignals(TimeProvider.System);
            using var go = new Barrier(2);
            await Task.WhenAll(Enumerable.Range(0, 2).Select(_ => Task.Run(() =>
            {
                go.SignalAndWait();
                signals.Request();
            })));

            Assert.True(signals.Abandon.IsCancellationRequested, $"iteration {i}: two requests did not escalate");
        }
    }

    [Fact]
    public void AStop_AbandonsWhatIsInFlight_AnAttemptsTimeoutAnd5sLater_OnTheRunsClock()
    {
        var time = new FakeTimeProvider();
        using var signals = new StopSignals(time);
        using var onStop = signals.AbandonSoonAfterStop(TimeSpan.FromSeconds(1));

        signals.RequestStop();
        time.Advance(TimeSpan.FromSeconds(5.9));
        Assert.False(signals.Abandon.IsCancellationRequested);

        time.Advance(TimeSpan.FromSeconds(0.1));
        Assert.True(signals.Abandon.IsCancellationRequested);
    }
}
