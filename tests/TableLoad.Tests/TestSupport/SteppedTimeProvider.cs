using Microsoft.Extensions.Time.Testing;

namespace TableLoad.Tests.TestSupport;

/// <summary>
/// A <see cref="FakeTimeProvider"/> that watches its timers, so a test moves the clock only once the code
/// under test waits on its next timer: what the code sees of time then depends on the test's steps alone,
/// not on how soon a busy machine lets it run. A wait is a timer that completes a task (a delay on this clock);
/// a timer that cancels a token (a timeout, a stop time) is a deadline, which code also arms while it is running.
/// </summary>
internal sealed class SteppedTimeProvider(DateTimeOffset start) : FakeTimeProvider(start)
{
    // Code that takes this long to reach its next wait hangs: the guard fails the test instead of blocking the run.
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(30);

    private readonly Lock _gate = new();
    private TaskCompletionSource _changed = NewSignal();
    private int _waits;
    private long _armed;
    private long _fired;

    /// <summary>Waits armed and neither fired nor disposed: one for each consumer parked on its timer.</summary>
    public int Waits => Volatile.Read(ref _waits);

    /// <summary>How many times a timer of any kind has been armed so far.</summary>
    public long Armed => Interlocked.Read(ref _armed);

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        // A delay's task is the state of its timer; a timed CancellationTokenSource is the state of its own.
        var timer = new WatchedTimer(this, callback, state, isWait: state is Task);
        timer.Arming(dueTime, period);
        timer.Inner = base.CreateTimer(static s => ((WatchedTimer)s!).Fire(), timer, dueTime, period);
        timer.Armed(dueTime);
        return timer;
    }

    /// <summary>Moves the clock by <paramref name="delta"/>, running the callbacks of the timers it passes; returns how many fired.</summary>
    public long Step(TimeSpan delta)
    {
        var before = Interlocked.Read(ref _fired);
        Advance(delta);
        return Interlocked.Read(ref _fired) - before;
    }

    /// <summary>Completes once <paramref name="condition"/> holds, checked again at every change of a timer, or once <paramref name="running"/> has ended.</summary>
    public async Task UntilAsync(Func<bool> condition, Task running)
    {
        while (!running.IsCompleted)
        {
            Task changed;
            lock (_gate)
            {
                changed = _changed.Task;
            }

            // Checked after taking the signal: a change from here on completes it, so none is missed.
            if (condition())
            {
                return;
            }

            await Task.WhenAny(changed, running).WaitAsync(HangGuard).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Moves the clock by <paramref name="step"/> each time <paramref name="consumers"/> waits are parked (every
    /// consumer awaits its next timer), until <paramref name="running"/> ends; fails after <paramref name="limit"/> steps.
    /// </summary>
    public async Task StepWhileParkedAsync(Task running, TimeSpan step, int consumers, int limit)
    {
        for (var steps = 0; ; steps++)
        {
            await UntilAsync(() => Waits == consumers, running).ConfigureAwait(false);
            if (running.IsCompleted)
            {
                return;
            }

            Assert.True(steps < limit, $"still running after {limit} steps of {step.TotalMilliseconds} ms");
            Step(step);
        }
    }

    private static TaskCompletionSource NewSignal() => new(TaskCreationOptions.RunContinuationsAsynchronously);

    private void Changed()
    {
        TaskCompletionSource changed;
        lock (_gate)
        {
            changed = _changed;
            _changed = NewSignal();
        }

        changed.TrySetResult();
    }

    /// <summary>One timer of the provider, passing everything on and saying when it is armed, fires or is disposed.</summary>
    private sealed class WatchedTimer(SteppedTimeProvider clock, TimerCallback callback, object? state, bool isWait) : ITimer
    {
        private int _live;
        private bool _periodic;

        public ITimer? Inner { get; set; }

        // Before the inner timer is armed: a timer due at once fires inside the call that arms it.
        public void Arming(TimeSpan dueTime, TimeSpan period)
        {
            _periodic = period != Timeout.InfiniteTimeSpan && period != TimeSpan.Zero;
            SetLive(dueTime != Timeout.InfiniteTimeSpan);
        }

        // After it is armed: the arming thread is done with the provider's own bookkeeping.
        public void Armed(TimeSpan dueTime)
        {
            if (dueTime != Timeout.InfiniteTimeSpan)
            {
                Interlocked.Increment(ref clock._armed);
                clock.Changed();
            }
        }

        public void Fire()
        {
            Interlocked.Increment(ref clock._fired);
            if (!_periodic)
            {
                SetLive(false);
            }

            callback(state);
        }

        public bool Change(TimeSpan dueTime, TimeSpan period)
        {
            Arming(dueTime, period);
            var changed = Inner!.Change(dueTime, period);
            Armed(dueTime);
            return changed;
        }

        public void Dispose()
        {
            SetLive(false);
            Inner?.Dispose();
        }

        public ValueTask DisposeAsync()
        {
            SetLive(false);
            return Inner?.DisposeAsync() ?? ValueTask.CompletedTask;
        }

        private void SetLive(bool live)
        {
            if (Interlocked.Exchange(ref _live, live ? 1 : 0) == (live ? 1 : 0))
            {
                return;
            }

            if (isWait)
            {
                Interlocked.Add(ref clock._waits, live ? 1 : -1);
            }

            clock.Changed();
        }
    }
}
