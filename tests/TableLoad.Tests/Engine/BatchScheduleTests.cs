using Microsoft.Extensions.Time.Testing;
using TableLoad.Engine;
using TableLoad.Measurement;
using TableLoad.Settings;

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

    [Fact]
    public void WithAPlan_StartsFollowTheRamp_AndAPlanThatHoldsTheRateGivesTheFixedSchedule()
    {
        // 2 tasks, batches of 10: from 100 e/s up to 300 over 2 s, measured from 1 s on the clock, the schedule made at 0.
        var plan = new StagePlan(100, [new Stage(TimeSpan.FromSeconds(2), 300)]);
        var fleet = Enumerable.Range(0, 2).Select(task => new BatchSchedule(plan, 1_000_000, 10, 1, 2, 0, task, 0)).ToList();
        var starts = Enumerable.Range(0, 40).SelectMany(sequence => fleet.Select(s => s.IntendedStartMicros(sequence))).ToList();

        // The warm-up second at 100 e/s holds 10 batches; the ramp's first second, from 100 up to 200 e/s, 15.
        Assert.Equal(10, starts.Count(t => t < 1_000_000));
        Assert.Equal(15, starts.Count(t => t is >= 1_000_000 and < 2_000_000));
        Assert.Equal(starts.Order(), starts);
        var held = new BatchSchedule(new StagePlan(400, [new Stage(TimeSpan.FromSeconds(10), 400)]), 250_000, 10, 1, 4, 0, 3, 0);
        var fixedRate = CreateSut(rate: 400, batchSize: 10, processes: 1, tasks: 4, process: 0, task: 3);
        Assert.All(Enumerable.Range(0, 50), sequence => Assert.InRange(held.IntendedStartMicros(sequence) - fixedRate.IntendedStartMicros(sequence), 0, 1));
    }

    [Fact]
    public void WithAPlan_LatenessIsJudgedByTheIntervalAtTheIntendedTime()
    {
        // 10 batches a second at the start, 100 a second once the ramp has reached 1,000 e/s.
        var schedule = new BatchSchedule(new StagePlan(100, [new Stage(TimeSpan.FromSeconds(1), 1000), new Stage(TimeSpan.FromSeconds(9), 1000)]), 0, 10, 1, 1, 0, 0, 0);

        Assert.False(schedule.IsLate(intendedMicros: 0, actualMicros: 100_000));
        Assert.True(schedule.IsLate(intendedMicros: 5_000_000, actualMicros: 5_010_001));
    }

    private static BatchSchedule CreateSut(double rate, int batchSize, int processes, int tasks, int process, int task, long startMicros = 0) =>
        new(rate, batchSize, processes, tasks, process, task, startMicros);
}
