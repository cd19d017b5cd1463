using BenchmarkDotNet.Attributes;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.MicroBench;

/// <summary>
/// Recording one batch in a task's window, and the once-a-second roll-up of 12 tasks' windows into the sinks.
/// The clock stands still, so every recording lands in the same second, as almost all do in a run.
/// </summary>
public class MeasurementBenchmarks
{
    private static readonly BatchResult Succeeded = new(BatchOutcome.Succeeded, 202, null, null, 1);

    private WindowCollector _collector = null!;
    private TaskRecorder _recorder = null!;
    private TaskRecorder[] _twelve = null!;
    private long _latency;

    [GlobalSetup]
    public void Setup()
    {
        var clock = new RunClock(new FrozenTime());
        var pool = new WindowPool();
        var start = clock.StartedUtc;
        IWindowSink[] sinks =
        [
            new RunTotals(),
            new IntervalsCsvSink(new StreamWriter(Stream.Null), start.ToUnixTimeSeconds()),
            new HistogramLogSink(new StreamWriter(Stream.Null), start),
        ];
        _collector = new WindowCollector(clock, pool, start.ToUnixTimeSeconds(), sinks);
        _recorder = _collector.NewRecorder();
        _twelve = [.. Enumerable.Range(0, 12).Select(_ => _collector.NewRecorder())];
    }

    [Benchmark(Description = "TaskRecorder.Record (one batch)")]
    public void Record() => _recorder.Record(Succeeded, 100, 20_000 + (_latency++ & 0xFFFF), warmup: false);

    [Benchmark(Description = "WindowCollector roll-up of 12 recorders (one second)")]
    public void RollUp()
    {
        foreach (var recorder in _twelve)
        {
            recorder.Record(Succeeded, 100, 20_000 + (_latency++ & 0xFFFF), warmup: false);
        }

        _collector.Flush();
    }
}
