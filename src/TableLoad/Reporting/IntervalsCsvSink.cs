using TableLoad.Measurement;

namespace TableLoad.Reporting;

/// <summary>Writes intervals.csv, one row per finished second, flushed as it goes.</summary>
internal sealed class IntervalsCsvSink : IWindowSink, IDisposable
{
    /// <summary>One finished second as the columns read it.</summary>
    private readonly record struct Second(Window Window, bool Warmup, long ElapsedSeconds, StageTimeline? Stages);

    /// <summary>The second's request units: empty when no answer of it carried a charge.</summary>
    public const string RequestUnitsColumn = "request_units";

    /// <summary>The second's attempts, retries included: each a transaction to the service, which report --service-metrics sets beside its count.</summary>
    public const string AttemptsColumn = "attempts";

    /// <summary>
    /// Each column once, its name with its value. The failure outcomes sit between <c>batches</c> and <c>p50_ms</c>, in
    /// <see cref="OutcomeTable"/>'s order; readers find them there.
    /// </summary>
    private static readonly IReadOnlyList<(string Name, Func<Second, string> Value)> Columns =
    [
        ("epoch_s", s => Csv.Number(s.Window.EpochSecond)),
        ("elapsed_s", s => Csv.Number(s.ElapsedSeconds)),
        ("warmup", s => Csv.Bool(s.Warmup)),
        ("entities_succeeded", s => Csv.Number(s.Window.Counts.EntitiesSucceeded)),
        ("entities_failed", s => Csv.Number(s.Window.Counts.EntitiesFailed)),
        ("batches", s => Csv.Number(s.Window.Counts.Batches)),
        .. OutcomeTable.Failures.Select(o => (o.Name, (Func<Second, string>)(s => Csv.Number(s.Window.Counts[o.Outcome])))),
        ("p50_ms", s => Percentile(s.Window, 50)),
        ("p99_ms", s => Percentile(s.Window, 99)),
        // A run with a stage plan: the stage (from 1) of a measured second and the plan's target in its middle; empty without a plan.
        ("stage", s => s.Stages is { } stages && !s.Warmup ? Csv.Number(stages.StageOf(s.Window.EpochSecond) + 1) : ""),
        ("target", s => s.Stages is { } stages ? Csv.Number(stages.TargetOf(s.Window.EpochSecond)) : ""),
        (RequestUnitsColumn, s => s.Window.Counts.Charged ? Csv.Decimal(s.Window.Counts.RequestUnits) : ""),
        (AttemptsColumn, s => Csv.Number(s.Window.Counts.Attempts)),
    ];

    public static readonly string Header = string.Join(',', Columns.Select(c => c.Name));

    private readonly TextWriter _writer;
    private readonly long _startEpochSecond;
    private readonly StageTimeline? _stages;

    public IntervalsCsvSink(TextWriter writer, long startEpochSecond, StageTimeline? stages = null)
    {
        _writer = writer;
        _startEpochSecond = startEpochSecond;
        _stages = stages;
        _writer.WriteLine(Header);
    }

    public void OnWindow(Window window, bool warmup)
    {
        var second = new Second(window, warmup, window.EpochSecond - _startEpochSecond, _stages);
        _writer.WriteLine(string.Join(',', Columns.Select(c => c.Value(second))));
        _writer.Flush();
    }

    // A second without batches has no latency: its percentiles are empty, not zero.
    private static string Percentile(Window window, double percentile) =>
        window.Latency.TotalCount == 0 ? "" : Csv.Millis(window.Latency.ValueAtPercentile(percentile));

    public void Dispose() => _writer.Dispose();
}
