using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>
/// A result folder's per-second files, intervals.csv and latency.hlog, fed the same windows: a run
/// opens them for its seconds and <c>report</c> for the merged seconds, so both folders are written alike.
/// </summary>
internal sealed class PerSecondFiles : IDisposable
{
    private readonly IntervalsCsvSink _intervals;
    private readonly HistogramLogSink _latency;

    private PerSecondFiles(IntervalsCsvSink intervals, HistogramLogSink latency)
    {
        _intervals = intervals;
        _latency = latency;
    }

    /// <summary>The sinks that write the two files, for a <see cref="WindowMerger"/>.</summary>
    public IReadOnlyList<IWindowSink> Sinks => [_intervals, _latency];

    /// <param name="start">The run's start: elapsed seconds and the log's timestamps count from its whole second.</param>
    /// <param name="stages">The run's stage plan on the clock, which intervals.csv names each second's stage and target from; null for none.</param>
    public static PerSecondFiles Open(string directory, DateTimeOffset start, StageTimeline? stages) => new(
        new IntervalsCsvSink(new StreamWriter(Path.Combine(directory, ResultFiles.IntervalsCsv)), start.ToUnixTimeSeconds(), stages),
        new HistogramLogSink(new StreamWriter(Path.Combine(directory, ResultFiles.LatencyHlog)), start));

    public void Dispose()
    {
        _intervals.Dispose();
        _latency.Dispose();
    }
}
