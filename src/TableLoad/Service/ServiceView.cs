using Microsoft.Extensions.Logging;
using TableLoad.Measurement.Service;
using TableLoad.Settings;

namespace TableLoad.Service;

/// <summary>
/// After a run: reads the service's metrics of the run's minutes (waiting for the last), sets them beside the client's, writes
/// service-metrics.json and the terminal's lines. Nothing here changes the run's results or exit code: a failure is a reason in
/// <see cref="ServiceSummary.Unavailable"/> and a warning.
/// </summary>
internal static class ServiceView
{
    public static async Task<ServiceSummary> ReadAsync(
        ServiceMetricsSettings settings, ClientMinutes client, string folder, TextWriter output, TextWriter? progress, ILogger log, TimeProvider time, CancellationToken stopWaiting)
    {
        var resource = settings.Resource.Id;
        if (client.FirstMeasuredSecond is not { } first || client.LastMeasuredSecond is not { } last)
        {
            return Unavailable(resource, "no request was measured, so the run has no minutes to read", log);
        }

        var minutes = RunMinutes.Of(first, last);
        var reader = new MetricsReader(settings, MetricsPipeline.Create(settings));
        var (byType, failure) = await new MetricsWait(settings, reader, time, progress).ForLastMinuteAsync(minutes, stopWaiting).ConfigureAwait(false);
        ServiceSummary summary;
        if (byType is null)
        {
            summary = Unavailable(resource, failure!, log);
        }
        else
        {
            var (byApi, apiFailure) = await reader.ReadAsync(minutes.ByApiName(), CancellationToken.None).ConfigureAwait(false);
            var (latencies, latencyFailure) = await reader.ReadAsync(minutes.Latencies(), CancellationToken.None).ConfigureAwait(false);
            foreach (var partial in new[] { apiFailure, latencyFailure }.OfType<string>())
            {
                log.LogWarning("{Sentence}", $"Part of the service's metrics could not be read: {partial}.");
            }

            summary = ServiceSummaryBuilder.Build(resource, minutes, byType, byApi, latencies, client);
            foreach (var line in ServiceLines.Of(summary))
            {
                await output.WriteLineAsync(line).ConfigureAwait(false);
            }
        }

        await new ServiceMetricsFile(resource, settings.Endpoint.ToString(), reader.Calls).WriteAsync(folder).ConfigureAwait(false);
        return summary;
    }

    private static ServiceSummary Unavailable(string resource, string reason, ILogger log)
    {
        log.LogWarning("{Sentence}", $"The service's metrics are unavailable: {reason}. The run's own results stand.");
        return new ServiceSummary { Resource = resource, Unavailable = reason };
    }
}
