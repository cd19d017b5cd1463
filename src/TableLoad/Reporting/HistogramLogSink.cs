using TableLoad.Measurement;
using TableLoad.Measurement.Histograms;

namespace TableLoad.Reporting;

/// <summary>Writes each second's histogram to latency.hlog, tagging warm-up seconds, so runs merge without loss.</summary>
internal sealed class HistogramLogSink : IWindowSink, IDisposable
{
    public const string WarmupTag = "warmup";

    /// <summary>Open model: the latency from the actual send, beside the corrected one.</summary>
    public const string UncorrectedTag = "uncorrected";

    public const string WarmupUncorrectedTag = "warmup-uncorrected";

    private readonly TextWriter _writer;
    private readonly HistogramLogWriter _log;
    private readonly long _baseEpochSecond;

    public HistogramLogSink(TextWriter writer, DateTimeOffset start)
    {
        _writer = writer;
        _log = new HistogramLogWriter(writer);
        _log.WriteComment("TableLoad batch latency, values in microseconds, one interval per wall-clock second");
        _log.WriteHeader(DateTimeOffset.FromUnixTimeSeconds(start.ToUnixTimeSeconds()));
        _baseEpochSecond = start.ToUnixTimeSeconds();
    }

    public void OnWindow(Window window, bool warmup)
    {
        _log.WriteInterval(window.EpochSecond - _baseEpochSecond, 1.0, window.Latency, warmup ? WarmupTag : null);
        if (window.Uncorrected is { } uncorrected)
        {
            _log.WriteInterval(window.EpochSecond - _baseEpochSecond, 1.0, uncorrected, warmup ? WarmupUncorrectedTag : UncorrectedTag);
        }
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();
}
