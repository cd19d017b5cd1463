using TableLoad.Engine.Fleet;
using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Tests.Engine.Fleet;

public sealed class WindowMessageTests
{
    private readonly WindowPool _pool = new();

    [Fact]
    public void Decode_IntoAPooledWindow_AllocatesNoHistogram()
    {
        var message = Assert.IsType<WindowMessage>(WorkerProtocol.Deserialize<WorkerMessage>(WorkerProtocol.Serialize(WindowMessage.Of(WorkerSecond(), warmup: false))));
        var into = _pool.Rent(0);
        message.DecodeInto(into); // the first call also pays for the code's first run
        var histogramBytes = GC.GetAllocatedBytesForCurrentThread();
        _ = new LatencyHistogram();
        histogramBytes = GC.GetAllocatedBytesForCurrentThread() - histogramBytes;

        var before = GC.GetAllocatedBytesForCurrentThread();
        message.DecodeInto(into);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(allocated < histogramBytes / 4, $"decoding one window allocated {allocated} bytes; a histogram is {histogramBytes}.");
        Assert.Equal(3, into.Latency.TotalCount);
        Assert.Equal(1, into.Uncorrected!.TotalCount);
        Assert.Equal(1, into.Counts.BatchLogDropped);
    }

    [Fact]
    public void Decode_OfAHistogramWithAnotherLayout_ReRecordsItsCounts()
    {
        var narrow = new LatencyHistogram(highestTrackableValue: 60_000_000, significantDigits: 2);
        narrow.RecordValue(12_000);
        var message = WindowMessage.Of(WorkerSecond(), warmup: false) with
        {
            Latency = Convert.ToBase64String(HistogramEncoding.EncodeCompressed(narrow)),
        };
        var into = _pool.Rent(0);

        message.DecodeInto(into);

        Assert.Equal(1, into.Latency.TotalCount);
        Assert.InRange(into.Latency.Max, 11_900, 12_100);
    }

    [Fact]
    public void RoundTrip_KeepsEachSliceOfTheSecond_AndAPooledWindowForgetsThemAtItsNextDecode()
    {
        var second = WorkerSecond();
        second.Slice("read").Latency.RecordValue(2_000);
        second.Slice("read").Counts.Record(new BatchResult(BatchOutcome.NotFound, 404, "ResourceNotFound", null, 1), 1);
        second.Slice("upsert-replace").Latency.RecordValue(7_000);
        var message = Assert.IsType<WindowMessage>(WorkerProtocol.Deserialize<WorkerMessage>(WorkerProtocol.Serialize(WindowMessage.Of(second, warmup: false))));
        var into = _pool.Rent(0);

        message.DecodeInto(into);

        Assert.Equal(["read", "upsert-replace"], into.Slices!.Keys);
        Assert.Equal((1, 1L), (into.Slice("read").Latency.TotalCount, into.Slice("read").Counts[BatchOutcome.NotFound]));
        Assert.Equal(1, into.Slice("upsert-replace").Latency.TotalCount);
        Assert.Equal(3, into.Latency.TotalCount);

        WindowMessage.Of(WorkerSecond(), warmup: false).DecodeInto(into);
        Assert.All(into.Slices!.Values, s => Assert.Equal((0L, 0L), (s.Latency.TotalCount, s.Counts.Batches)));
    }

    private Window WorkerSecond()
    {
        var window = _pool.Rent(1_795_000_000);
        window.Counts.Record(new BatchResult(BatchOutcome.Succeeded, 202, null, null, 1), 100);
        foreach (var latency in new long[] { 1_000, 25_000, 3_000_000 })
        {
            window.Latency.RecordValue(latency);
        }

        window.UncorrectedOrNew().RecordValue(900);
        window.Counts.RecordBatchLogDropped();
        return window;
    }
}
