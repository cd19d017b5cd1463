namespace TableLoad.Reporting;

/// <summary>
/// A batch latency column of the run's table as run.json records it, so that R's percentile table shows the columns the
/// terminal's does (<see cref="ResultColumns.Latency"/>).
/// </summary>
/// <param name="Header">The column's header: <c>p99.9</c>.</param>
/// <param name="Field">The field of summary.json's <c>latency_ms</c> whose value the column shows: <c>p999</c>.</param>
internal sealed record LatencyColumn(string Header, string Field);
