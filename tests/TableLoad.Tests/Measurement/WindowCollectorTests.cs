using Microsoft.Extensions.Time.Testing;
using TableLoad.Measurement;

namespace TableLoad.Tests.Measurement;

public sealed class IntervalCollectorTests
{
    // The run starts 0.4 s into a wall-clock second.
    private static readonly DateTimeOffset Start = new(2025, 1, 1, 0, 0, 0, 400, TimeSpan.Zero);
    private static readonly long S0 = Start.ToUnixTimeSeconds();

    private static readonly BatchResult Succeeded = new(BatchOutcome.Succeeded, 202, null, null, 1);
    private static readonly BatchResult Conflict = new(BatchOutcome.Rejected, 409, "EntityAlreadyExists", 0, 1);

    private readonly FakeTimeProvider _time = new(Start);
    private readonly RecordingSink _sink = new();

    private WindowCollector CreateSut(long? warmupEndEpochSecond = null) =>
        new(new RunClock(_time), new WindowPool(), warmupEndEpochSecond ?? S0, [_sink]);

    private void Advance(double seconds) => _time.Advance(TimeSpan.FromSeconds(seconds));

    [Fact]
    public void Collect_SameSecondFromSeveralRecorders_MergesIntoOneInterval()
    {
        var sut = CreateSut();
        var a = sut.NewRecorder();
        var b = sut.NewRecorder();
        var c = sut.NewRecorder();

        a.Record(Succeeded, 100, 10_000, warmup: false);
        b.Record(Succeeded, 100, 20_000, warmup: false);
        c.Record(Conflict, 100, 5_000, warmup: false);
        Advance(0.7);
        sut.Collect();

        var interval = Assert.Single(_sink.Intervals);
        Assert.Equal(S0, interval.Second);
        Assert.Equal(3, interval.Batches);
        Assert.Equal(200, interval.EntitiesSucceeded);
        Assert.Equal(100, interval.EntitiesFailed);
        Assert.Equal(3, interval.LatencyCount);
        Assert.Equal(1, interval.Rejected["EntityAlreadyExists"]);
    }

    [Fact]
    public void Collect_DeliversSecondsInOrder()
    {
        var sut = CreateSut();
        var early = sut.NewRecorder();
        var late = sut.NewRecorder();

        late.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(0.7);
        late.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(1.0);
        late.Record(Succeeded, 100, 1_000, warmup: false);
        early.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(1.0);
        sut.Collect();

        Assert.Equal([S0, S0 + 1, S0 + 2], _sink.Intervals.Select(i => i.Second));
    }

    [Fact]
    public void Collect_RecorderOrderAgainstTime_StillDeliversInOrder()
    {
        var sut = CreateSut();
        var first = sut.NewRecorder();
        var second = sut.NewRecorder();

        second.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(1.0);
        first.Record(Succeeded, 100, 1_000, warmup: false);
        first.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(1.0);
        first.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(1.0);
        sut.Collect();

        Assert.Equal([S0, S0 + 1, S0 + 2], _sink.Intervals.Select(i => i.Second));
        Assert.Equal([1L, 2L, 1L], _sink.Intervals.Select(i => i.Batches));
    }

    [Fact]
    public void Collect_DuringTheSecond_DeliversNothingUntilItEnds()
    {
        var sut = CreateSut();
        var recorder = sut.NewRecorder();

        recorder.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(0.5);
        sut.Collect();
        Assert.Empty(_sink.Intervals);

        recorder.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(0.1);
        sut.Collect();

        var interval = Assert.Single(_sink.Intervals);
        Assert.Equal(2, interval.Batches);
    }

    [Fact]
    public void Collect_RecorderAlreadyInNextSecond_DeliversOnlyTheEndedSecond()
    {
        var sut = CreateSut();
        var fast = sut.NewRecorder();
        var slow = sut.NewRecorder();

        fast.Record(Succeeded, 100, 1_000, warmup: false);
        slow.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(0.6);
        fast.Record(Succeeded, 100, 1_000, warmup: false);
        sut.Collect();

        var interval = Assert.Single(_sink.Intervals);
        Assert.Equal((S0, 2L), (interval.Second, interval.Batches));

        sut.Flush();

        Assert.Equal([S0, S0 + 1], _sink.Intervals.Select(i => i.Second));
        Assert.Equal([2L, 1L], _sink.Intervals.Select(i => i.Batches));
    }

    [Fact]
    public void Flush_DeliversTheCurrentSecondToo()
    {
        var sut = CreateSut();
        var recorder = sut.NewRecorder();

        recorder.Record(Succeeded, 100, 1_000, warmup: false);
        Advance(1.0);
        recorder.Record(Succeeded, 100, 1_000, warmup: false);
        sut.Collect();
        sut.Flush();

        Assert.Equal([S0, S0 + 1], _sink.Intervals.Select(i => i.Second));
    }

    [Fact]
    public void Collect_SecondsBeforeWarmupEnd_AreMarkedWarmup()
    {
        var sut = CreateSut(warmupEndEpochSecond: S0 + 2);
        var recorder = sut.NewRecorder();

        for (var i = 0; i < 4; i++)
        {
            // Each batch starts and answers in the same second, 1 s apart.
            recorder.Record(Succeeded, 100, 1_000, sut.IsWarmup((long)(i * 1_000_000)));
            Advance(1.0);
        }

        sut.Flush();

        Assert.Equal([true, true, false, false], _sink.Intervals.Select(i => i.Warmup));
    }

    [Fact]
    public void Flush_AfterManyRecordsAndCollects_IntervalsAddUpToWhatWasRecorded()
    {
        var sut = CreateSut();
        var recorders = Enumerable.Range(0, 4).Select(_ => sut.NewRecorder()).ToArray();
        var random = new Random(12345);
        long batches = 0, succeeded = 0, failed = 0;

        for (var i = 0; i < 2_000; i++)
        {
            var result = random.Next(10) == 0 ? Conflict : Succeeded;
            var entities = random.Next(1, 101);
            recorders[random.Next(recorders.Length)].Record(result, entities, random.Next(1_000, 200_000), warmup: false);
            batches++;
            if (result.Succeeded)
            {
                succeeded += entities;
            }
            else
            {
                failed += entities;
            }

            Advance(random.NextDouble() * 0.01);
            if (i % 37 == 0)
            {
                sut.Collect();
            }
        }

        sut.Flush();

        Assert.Equal(batches, _sink.Intervals.Sum(i => i.Batches));
        Assert.Equal(batches, _sink.Intervals.Sum(i => i.LatencyCount));
        Assert.Equal(succeeded, _sink.Intervals.Sum(i => i.EntitiesSucceeded));
        Assert.Equal(failed, _sink.Intervals.Sum(i => i.EntitiesFailed));
        Assert.Equal(_sink.Intervals.Select(i => i.Second).Order(), _sink.Intervals.Select(i => i.Second));
        Assert.Equal(_sink.Intervals.Count, _sink.Intervals.Select(i => i.Second).Distinct().Count());
    }

    [Fact]
    public void Record_WarmupBatchAnsweringAfterTheWarmup_StaysWarmupBesideTheMeasuredWindow()
    {
        var sut = CreateSut(warmupEndEpochSecond: S0 + 1);
        var slow = sut.NewRecorder();
        var fast = sut.NewRecorder();

        Advance(0.7);
        slow.Record(Succeeded, 100, 1_500_000, warmup: true);
        fast.Record(Succeeded, 30, 1_000, warmup: false);
        fast.Record(Succeeded, 30, 1_000, warmup: false);
        Advance(1.0);
        sut.Collect();

        var seconds = _sink.Intervals.Where(i => i.Second == S0 + 1).OrderBy(i => i.Warmup).ToList();
        Assert.Equal([(false, 2L, 60L), (true, 1L, 100L)], seconds.Select(i => (i.Warmup, i.Batches, i.EntitiesSucceeded)));
    }

    [Theory]
    [InlineData(0.5, true)]
    [InlineData(0.6, false)]
    [InlineData(3.0, false)]
    public void IsWarmup_JudgesByTheStartAgainstTheWarmupEnd(double startedSeconds, bool expected)
    {
        // The run starts 0.4 s into S0, so the warm-up ending at S0 + 1 ends 0.6 s into the run.
        var sut = CreateSut(warmupEndEpochSecond: S0 + 1);

        Assert.Equal(expected, sut.IsWarmup((long)(startedSeconds * 1_000_000)));
    }

    [Fact]
    public void Record_PutsABatchInTheWallClockSecondOfItsCompletion()
    {
        var sut = CreateSut();
        var recorder = sut.NewRecorder();

        recorder.Record(Succeeded, 1, 1, warmup: false);
        Advance(0.6);
        recorder.Record(Succeeded, 2, 1, warmup: false);
        recorder.Record(Succeeded, 2, 1, warmup: false);
        sut.Flush();

        Assert.Equal([(S0, 1L), (S0 + 1, 4L)], _sink.Intervals.Select(i => (i.Second, i.EntitiesSucceeded)));
    }

    private sealed record Interval(long Second, bool Warmup, long Batches, long EntitiesSucceeded, long EntitiesFailed, long LatencyCount, Dictionary<string, long> Rejected);

    // Copies what it is given: the collector reuses each window after the call.
    private sealed class RecordingSink : IWindowSink
    {
        public List<Interval> Intervals { get; } = [];

        public void OnWindow(Window window, bool warmup) => Intervals.Add(new Interval(
            window.EpochSecond,
            warmup,
            window.Counts.Batches,
            window.Counts.EntitiesSucceeded,
            window.Counts.EntitiesFailed,
            window.Latency.TotalCount,
            new Dictionary<string, long>(window.RejectedByCode)));
    }
}
