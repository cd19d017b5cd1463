using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>Writes intervals.csv, one row per finished second, flushed as it goes.</summary>
internal sealed class IntervalCsvWriter : IIntervalSink, IDisposable
{
    public const string Header =
        "epoch_s,elapsed_s,warmup,entities_succeeded,entities_failed,batches,server_busy,operation_timed_out,too_many_requests,client_timeout,rejected,network_failure,p50_ms,p99_ms";

    private readonly TextWriter _writer;
    private readonly long _startEpochSecond;

    public IntervalCsvWriter(TextWriter writer, long startEpochSecond)
    {
        _writer = writer;
        _startEpochSecond = startEpochSecond;
        _writer.WriteLine(Header);
    }

    public void OnInterval(Window window, bool warmup)
    {
        var c = window.Counts;
        var empty = window.Latency.TotalCount == 0;
        _writer.WriteLine(string.Join(
            ',',
            Csv.Number(window.EpochSecond),
            Csv.Number(window.EpochSecond - _startEpochSecond),
            Csv.Bool(warmup),
            Csv.Number(c.EntitiesSucceeded),
            Csv.Number(c.EntitiesFailed),
            Csv.Number(c.Batches),
            Csv.Number(c[BatchOutcome.ServerBusy]),
            Csv.Number(c[BatchOutcome.OperationTimedOut]),
            Csv.Number(c[BatchOutcome.TooManyRequests]),
            Csv.Number(c[BatchOutcome.ClientTimeout]),
            Csv.Number(c[BatchOutcome.Rejected]),
            Csv.Number(c[BatchOutcome.NetworkFailure]),
            empty ? "" : Csv.Millis(window.Latency.ValueAtPercentile(50)),
            empty ? "" : Csv.Millis(window.Latency.ValueAtPercentile(99))));
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();
}
