using System.Globalization;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>
/// Progress while a run goes on, on stderr. On a terminal, one line rewritten every second; when
/// stderr is redirected, a plain line every five seconds, with no control codes for CI logs.
/// </summary>
internal sealed class LiveView : IWindowSink
{
    private readonly ProgressLine _line;
    private readonly RunTimeline _timeline;
    private readonly double _totalSeconds;
    private readonly FleetSamples _samples;
    private long _peak;
    private long _failedBatches;
    private long _throttledBatches;

    private LiveView(TextWriter output, RunTimeline timeline, double totalSeconds, FleetSamples samples)
    {
        _line = new ProgressLine(output);
        _timeline = timeline;
        _totalSeconds = totalSeconds;
        _samples = samples;
    }

    public static LiveView Create(TextWriter output, RunTimeline timeline, TimeSpan total, FleetSamples samples) =>
        new(output, timeline, Math.Round(total.TotalSeconds), samples);

    public void OnWindow(Window window, bool warmup)
    {
        var c = window.Counts;
        if (!warmup)
        {
            _peak = Math.Max(_peak, c.EntitiesSucceeded);
        }

        _failedBatches += c.Batches - c[BatchOutcome.Succeeded];
        _throttledBatches += RunShares.ThrottledBatches(o => c[o]);
        var elapsed = window.EpochSecond - _timeline.StartEpochSecond + 1;
        // Warm-up batches that answered after the warm-up count above; the line is the measured window's.
        var warmupStragglers = warmup && window.EpochSecond >= _timeline.WarmupEndEpochSecond;
        if (warmupStragglers || (!_line.Interactive && elapsed % 5 != 0))
        {
            return;
        }

        _line.Show(Format(window, warmup, elapsed));
    }

    /// <summary>Ends the rewritten line so that what follows starts on a line of its own.</summary>
    public void Complete() => _line.Complete();

    private string Format(Window window, bool warmup, long elapsed)
    {
        var p = window.Latency;
        var peak = warmup && _peak == 0 ? "-" : _peak.ToString(CultureInfo.InvariantCulture);
        return string.Create(
            CultureInfo.InvariantCulture,
            $"[{elapsed,4}s/{_totalSeconds:0}s]{(warmup ? " warm-up" : "")} {window.Counts.EntitiesSucceeded} e/s (peak {peak}), {window.Counts.Batches} req/s, p50 {p.ValueAtPercentile(50) / 1000.0:0.0} ms, p99 {p.ValueAtPercentile(99) / 1000.0:0.0} ms, failed {_failedBatches}, throttled {_throttledBatches} batches, client CPU {_samples.CpuPercentNow():0}%");
    }
}
