using TableLoad.Engine.Fleet;
using TableLoad.Measurement;

namespace TableLoad.Tests.Measurement;

public sealed class WindowMergerTests
{
    private readonly WindowPool _pool = new();
    private readonly RecordingSink _sink = new();

    [Fact]
    public void WindowsOfTheSameSecondFromSeveralProcesses_AreAddedIntoOne()
    {
        var merger = CreateSut(warmupEnd: 0);
        merger.Add(NewWindow(100, entities: 300, latenciesMicros: [10_000, 20_000]));
        merger.Add(NewWindow(100, entities: 200, latenciesMicros: [900_000]));

        merger.Publish(101);

        var (second, entities, count, max, _) = Assert.Single(_sink.Seen);
        Assert.Equal(100, second);
        Assert.Equal(500, entities);
        Assert.Equal(3, count);
        Assert.InRange(max, 899_000, 901_000);
    }

    [Fact]
    public void Seconds_ArePublishedInOrder_AndOnlyBelowTheWatermark()
    {
        var merger = CreateSut(warmupEnd: 0);
        merger.Add(NewWindow(103, entities: 3));
        merger.Add(NewWindow(101, entities: 1));
        merger.Add(NewWindow(102, entities: 2));

        merger.Publish(103);

        Assert.Equal([101L, 102L], _sink.Seen.Select(s => s.Second));
        merger.Publish(long.MaxValue);
        Assert.Equal([101L, 102L, 103L], _sink.Seen.Select(s => s.Second));
    }

    [Fact]
    public void WarmupFlag_FollowsTheSharedWarmupEnd()
    {
        var merger = CreateSut(warmupEnd: 102);
        merger.Add(NewWindow(101, entities: 1));
        merger.Add(NewWindow(102, entities: 1));

        merger.Publish(long.MaxValue);

        Assert.Equal([true, false], _sink.Seen.Select(s => s.Warmup));
    }

    [Fact]
    public void WindowArrivingForAnAlreadyPublishedSecond_IsDropped_NotPublishedOutOfOrder()
    {
        var merger = CreateSut(warmupEnd: 0);
        merger.Add(NewWindow(100, entities: 1));
        merger.Publish(101);

        merger.Add(NewWindow(100, entities: 7));
        merger.Publish(long.MaxValue);

        Assert.Equal(1, Assert.Single(_sink.Seen).Entities);
    }

    [Fact]
    public void SecondsWithNothingCompleted_ArePublishedAsEmptyWindows_SoAStallShowsAsZeros()
    {
        var merger = new WindowMerger(_pool, 0, [_sink], firstEpochSecond: 99);
        merger.Add(NewWindow(101, entities: 5));
        merger.Add(NewWindow(104, entities: 7));

        merger.Publish(long.MaxValue);

        Assert.Equal([99L, 100, 101, 102, 103, 104], _sink.Seen.Select(s => s.Second));
        Assert.Equal([0L, 0, 5, 0, 0, 7], _sink.Seen.Select(s => s.Entities));
    }

    [Fact]
    public void WindowsOwnWarmupFlag_WinsOverTheSharedWarmupEnd_AndIsNeverMergedWithTheOtherKind()
    {
        var merger = CreateSut(warmupEnd: 0);
        var warm = NewWindow(100, entities: 3);
        warm.Warmup = true;
        merger.Add(warm);
        merger.Add(NewWindow(100, entities: 4));

        merger.Publish(long.MaxValue);

        Assert.Equal([(3L, true), (4L, false)], _sink.Seen.Select(s => (s.Entities, s.Warmup)).OrderBy(s => s.Item1));
    }

    [Fact]
    public void WindowMessage_RoundTrip_KeepsCountsAndHistogramsExactly()
    {
        var original = NewWindow(1_795_000_000, entities: 1234, latenciesMicros: [1, 999, 123_456, 29_000_000]);
        original.RejectedByCode["EntityAlreadyExists"] = 2;
        original.UncorrectedOrNew().RecordValue(5_000);

        var line = WorkerProtocol.Serialize(WindowMessage.Of(original, warmup: true));
        var decoded = _pool.Rent(0);
        Assert.IsType<WindowMessage>(WorkerProtocol.Deserialize<WorkerMessage>(line)).DecodeInto(decoded);

        Assert.Equal(original.EpochSecond, decoded.EpochSecond);
        Assert.True(decoded.Warmup);
        Assert.Equal(original.Counts.ByOutcome.ToArray(), decoded.Counts.ByOutcome.ToArray());
        Assert.Equal(original.Counts.EntitiesSucceeded, decoded.Counts.EntitiesSucceeded);
        Assert.Equal(original.Latency.TotalCount, decoded.Latency.TotalCount);
        Assert.Equal(original.Latency.ValueAtPercentile(75), decoded.Latency.ValueAtPercentile(75));
        Assert.Equal(original.Latency.Max, decoded.Latency.Max);
        Assert.Equal(2, decoded.RejectedByCode["EntityAlreadyExists"]);
        Assert.Equal(1, decoded.Uncorrected!.TotalCount);
    }

    private WindowMerger CreateSut(long warmupEnd) => new(_pool, warmupEnd, [_sink]);

    private Window NewWindow(long second, long entities, long[]? latenciesMicros = null)
    {
        var window = _pool.Rent(second);
        window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), (int)entities);
        foreach (var latency in latenciesMicros ?? [1_000])
        {
            window.Latency.RecordValue(latency);
        }

        return window;
    }

    private sealed class RecordingSink : IWindowSink
    {
        public List<(long Second, long Entities, long Count, long Max, bool Warmup)> Seen { get; } = [];

        public void OnWindow(Window window, bool warmup) =>
            Seen.Add((window.EpochSecond, window.Counts.EntitiesSucceeded, window.Latency.TotalCount, window.Latency.Max, warmup));
    }
}
