using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>Writes intervals.csv, one row per finished second, flushed as it goes.</summary>
internal sealed class IntervalsCsvSink : IWindowSink, IDisposable
{
    /// <summary>The failure outcomes sit between <c>batches</c> and <c>p50_ms</c>, in <see cref="OutcomeTable"/>'s order; readers find them there.</summary>
    public static readonly string Header =
        string.Join(',', ["epoch_s", "elapsed_s", "warmup", "entities_succeeded", "entities_failed", "batches", .. OutcomeTable.Failures.Select(o => o.Name), "p50_ms", "p99_ms"]);

    private readonly TextWriter _writer;
    private readonly long _startEpochSecond;

    public IntervalsCsvSink(TextWriter writer, long startEpochSecond)
    {
        _writer = writer;
        _startEpochSecond = startEpochSecond;
        _writer.WriteLine(Header);
    }

    public void OnWindow(Window window, bool warmup)
    {
        var c = window.Counts;
        var empty = window.Latency.TotalCount == 0;
        _writer.WriteLine(string.Join(
            ',',
            [
                Csv.Number(window.EpochSecond),
                Csv.Number(window.EpochSecond - _startEpochSecond),
                Csv.Bool(warmup),
                Csv.Number(c.EntitiesSucceeded),
                Csv.Number(c.EntitiesFailed),
                Csv.Number(c.Batches),
                .. OutcomeTable.Failures.Select(o => Csv.Number(c[o.Outcome])),
                empty ? "" : Csv.Millis(window.Latency.ValueAtPercentile(50)),
                empty ? "" : Csv.Millis(window.Latency.ValueAtPercentile(99)),
            ]));
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();
}
