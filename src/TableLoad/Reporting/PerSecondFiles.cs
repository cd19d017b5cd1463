using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>
/// A result folder's per-second files, intervals.csv and latency.hlog, fed the same windows: a run
/// opens them for its seconds and <c>report</c> for the merged seconds, so both folders are written alike.
/// A mix's operations get a pair each (<see cref="ResultFiles.IntervalsCsvOf"/>), fed their slice of each second.
/// </summary>
internal sealed class PerSecondFiles : IDisposable
{
    private readonly List<IDisposable> _files = [];
    private readonly List<IWindowSink> _sinks = [];

    private PerSecondFiles()
    {
    }

    /// <summary>The sinks that write the files, for a <see cref="WindowMerger"/>.</summary>
    public IReadOnlyList<IWindowSink> Sinks => _sinks;

    /// <param name="start">The run's start: elapsed seconds and the log's timestamps count from its whole second.</param>
    /// <param name="stages">The run's stage plan on the clock, which intervals.csv names each second's stage and target from; null for none.</param>
    /// <param name="slices">The operations of the run's mix, each written to files of its own; none for one operation.</param>
    public static PerSecondFiles Open(string directory, DateTimeOffset start, StageTimeline? stages, IEnumerable<string>? slices = null)
    {
        var files = new PerSecondFiles();
        files.Add(directory, start, stages, null);
        foreach (var slice in slices ?? [])
        {
            files.Add(directory, start, stages, slice);
        }

        return files;
    }

    private void Add(string directory, DateTimeOffset start, StageTimeline? stages, string? slice)
    {
        var intervals = new IntervalsCsvSink(new StreamWriter(Path.Combine(directory, ResultFiles.IntervalsCsvOf(slice))), start.ToUnixTimeSeconds(), stages);
        var latency = new HistogramLogSink(new StreamWriter(Path.Combine(directory, ResultFiles.LatencyHlogOf(slice))), start);
        _files.Add(intervals);
        _files.Add(latency);
        _sinks.AddRange(slice is null ? [intervals, latency] : [new SliceSink(slice, intervals), new SliceSink(slice, latency)]);
    }

    public void Dispose()
    {
        foreach (var file in _files)
        {
            file.Dispose();
        }
    }
}
