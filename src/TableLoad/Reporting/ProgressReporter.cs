using System.Globalization;
using TableLoad.Engine;
using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>One plain line on stderr every few seconds while a run goes on; no control codes, so logs stay clean.</summary>
internal sealed class ProgressReporter(TextWriter output, long startEpochSecond, double totalSeconds, int everySeconds = 5) : IIntervalSink
{
    private long _peak;
    private long _failedBatches;
    private long _throttledBatches;

    public void OnInterval(Window window, bool warmup)
    {
        var c = window.Counts;
        if (!warmup)
        {
            _peak = Math.Max(_peak, c.EntitiesSucceeded);
        }

        _failedBatches += c.Batches - c[BatchOutcome.Succeeded];
        _throttledBatches += c[BatchOutcome.ServerBusy] + c[BatchOutcome.OperationTimedOut] + c[BatchOutcome.TooManyRequests];
        var elapsed = window.EpochSecond - startEpochSecond + 1;
        if (elapsed % everySeconds != 0)
        {
            return;
        }

        var p = window.Latency;
        output.WriteLine(string.Create(
            CultureInfo.InvariantCulture,
            $"[{elapsed,4}s/{totalSeconds:0}s]{(warmup ? " warm-up" : "")} {c.EntitiesSucceeded} e/s, peak {_peak} e/s, p50 {p.ValueAtPercentile(50) / 1000.0:0.0} ms, p99 {p.ValueAtPercentile(99) / 1000.0:0.0} ms, failed batches {_failedBatches}, throttled {_throttledBatches}"));
    }
}
