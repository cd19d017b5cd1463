using System.Globalization;
using TableLoad.Settings;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>
/// Asks for the run's transactions until its last minute is there, bounded by <c>--service-metrics-wait</c>, saying on the progress
/// line how long it has waited; a stop (Ctrl+C) ends the wait, and what has arrived by then is not read as complete.
/// </summary>
internal sealed class MetricsWait(ServiceMetricsSettings settings, MetricsReader reader, TimeProvider time, TextWriter? progress)
{
    /// <summary>The answer to <paramref name="query"/> holding the last minute, or why there is none.</summary>
    public async Task<(MetricsAnswer? Answer, string? Failure)> ForLastMinuteAsync(RunMinutes minutes, MetricsQuery query, CancellationToken stop)
    {
        var poll = settings.IsLoopback ? TimeSpan.FromSeconds(1) : TimeSpan.FromSeconds(15);
        var started = time.GetUtcNow();
        var last = minutes.Last.UtcDateTime.ToString("HH:mm", CultureInfo.InvariantCulture);
        while (true)
        {
            var (answer, failure) = await reader.ReadAsync(query, CancellationToken.None).ConfigureAwait(false);
            if (answer is null || minutes.HasLast(answer, query))
            {
                return (answer, failure);
            }

            var waited = time.GetUtcNow() - started;
            var left = settings.Wait - waited;
            if (left <= TimeSpan.Zero || stop.IsCancellationRequested)
            {
                return (null, stop.IsCancellationRequested
                    ? $"the wait for the metrics of the minute {last} UTC was stopped (Ctrl+C) before they arrived"
                    : $"the metrics of the minute {last} UTC had not arrived when --service-metrics-wait ({DurationParser.Format(settings.Wait)}) ended; metrics arrive 1-3 minutes late, so wait longer");
            }

            progress?.WriteLine(string.Create(CultureInfo.InvariantCulture, $"waiting for the service's metrics of {last} UTC: {waited.TotalSeconds:0} s of {DurationParser.Format(settings.Wait)} (Ctrl+C stops the wait)"));
            try
            {
                await Task.Delay(poll < left ? poll : left, time, stop).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                // Stopped: one last look, then the sentence above.
            }
        }
    }
}
