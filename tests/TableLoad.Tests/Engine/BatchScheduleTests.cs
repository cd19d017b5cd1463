using Microsoft.Extensions.Time.Testing;
using TableLoad.Engine;
using TableLoad.Measurement;

namespace TableLoad.Tests.Engine;

public sealed class BatchScheduleTests
{
    [Fact]
    public void FleetRate_IsSplitOverEveryTaskOfEveryProcess()
    {
        // 2,000 e/s in batches of 100 over 2 processes × 5 tasks: each task sends 2 batches/s.
        var schedule = CreateSut(rate: 2000, batchSize: 100, processes: 2, tasks: 5, process: 0, task: 0);

        Assert.Equal(500_000, schedule.IntervalMicros);
        Assert.Equal(0, schedule.IntendedStartMicros(0));
        Assert.Equal(1_500_000, schedule.IntendedStartMicros(3));
    }

    [Fact]
    public void Tasks_AreStaggeredInsideOneInterval_SoStartsDoNotBunch()
    {
        var starts = Enumerable.Range(0, 4)
            .Select(task => CreateSut(rate: 400, batchSize: 10, processes: 1, tasks: 4, process: 0, task: task).IntendedStartMicros(0))
            .ToList();

        // 400 e/s in batches of 10 over 4 tasks: one batch per task every 100 ms, tasks 25 ms apart.
        Assert.Equal([0, 25_000, 50_000, 75_000], starts);
    }

    [Fact]
    public void TinyRateWithManyTasks_StartsStayInOrderAndInTheFuture_WithoutOverflow()
    {
        var starts = Enumerable.Range(0, 50)
            .Select(task => CreateSut(rate: 1e-9, batchSize: 100, processes: 1, tasks: 50, process: 0, task: task))
            .Select(schedule => (First: schedule.IntendedStartMicros(0), Second: schedule.IntendedStartMicros(1)))
            .ToList();

        Assert.All(starts, s => Assert.True(s.First >= 0 && s.Second >= s.First));
        Assert.Equal(starts.Select(s => s.First).Order(), starts.Select(s => s.First));
    }

    [Fact]
    public void SecondProcess_TakesTheSlotsAfterTheFirstProcesssTasks()
    {
        var first = CreateSut(rate: 1000, batchSize: 100, processes: 2, tasks: 2, process: 0, task: 1);
        var second = CreateSut(rate: 1000, batchSize: 100, processes: 2, tasks: 2, process: 1, task: 0);

        Assert.True(second.IntendedStartMicros(0) > first.IntendedStartMicros(0));
        Assert.True(second.IntendedStartMicros(0) < first.IntervalMicros);
    }

    [Fact]
    public void Batch_IsLateOnlyWhenItStartsMoreThanOneIntervalAfterItsTime()
    {
        var schedule = CreateSut(rate: 1000, batchSize: 100, processes: 1, tasks: 1, process: 0, task: 0);

        Assert.False(schedule.IsLate(intendedMicros: 100_000, actualMicros: 100_000 + schedule.IntervalMicros));
        Assert.True(schedule.IsLate(intendedMicros: 100_000, actualMicros: 100_001 + schedule.IntervalMicros));
    }

    [Fact]
    public void IntendedStarts_FollowTheRunClock_NotTheSends()
    {
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 11, 21, 10, 0, 0, 300, TimeSpan.Zero));
        var clock = new RunClock(time);
        time.Advance(TimeSpan.FromMilliseconds(40));
        var schedule = CreateSut(rate: 100, batchSize: 10, processes: 1, tasks: 1, process: 0, task: 0, startMicros: clock.ElapsedMicros());

        // A send that took 3 s does not move the next intended start: batch 1 is still due at 140 ms.
        time.Advance(TimeSpan.FromSeconds(3));
        var next = schedule.IntendedStartMicros(1);

        Assert.Equal(140_000, next);
        Assert.True(schedule.IsLate(next, clock.ElapsedMicros()));
    }

    private static BatchSchedule CreateSut(double rate, int batchSize, int processes, int tasks, int process, int task, long startMicros = 0) =>
        new(rate, batchSize, processes, tasks, process, task, startMicros);
}
