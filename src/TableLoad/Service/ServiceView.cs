using Microsoft.Extensions.Logging;
using TableLoad.Measurement.Service;
using TableLoad.Service.Cosmos;
using TableLoad.Settings;

namespace TableLoad.Service;

/// <summary>
/// After a run: reads the service's metrics of the run's minutes (waiting for the last), sets them beside the client's, writes
/// service-metrics.json and the terminal's lines. Nothing here changes the run's results or exit code: a failure is a reason in
/// <see cref="ServiceSummary.Unavailable"/> and a warning.
/// </summary>
internal static class ServiceView
{
    /// <param name="table">The run's table, which a Cosmos DB account's metrics are filtered to; null reads the whole account's.</param>
    /// <param name="ownCalls">The run's requests besides its load's that ended between two minutes; null when they are not known.</param>
    public static async Task<ServiceSummary> ReadAsync(
        ServiceMetricsSettings settings, ClientMinutes client, string folder, TextWriter output, TextWriter? progress, ILogger log, TimeProvider time, CancellationToken stopWaiting,
        string? table = null, Func<DateTimeOffset, DateTimeOffset, IReadOnlyList<OwnCallCount>>? ownCalls = null)
    {
        var resource = settings.Resource.Id;
        if (client.FirstMeasuredSecond is not { } first || client.LastMeasuredSecond is not { } last)
        {
            return Unavailable(resource, "no request was measured, so the run has no minutes to read", log);
        }

        var minutes = RunMinutes.Of(first, last);
        var own = ownCalls?.Invoke(minutes.First, minutes.Last) ?? [];
        var reader = new MetricsReader(settings, MetricsPipeline.Create(settings));
        var wait = new MetricsWait(settings, reader, time, progress);
        var (summary, lines) = settings.Resource.Kind switch
        {
            ServiceKind.StorageTables => await ReadTableServiceAsync(resource, minutes, reader, wait, client, own, log, stopWaiting).ConfigureAwait(false),
            ServiceKind.CosmosAccount => await CosmosView.ReadAsync(resource, table, minutes, reader, wait, client, log, stopWaiting).ConfigureAwait(false),
        };
        foreach (var line in lines)
        {
            await output.WriteLineAsync(line).ConfigureAwait(false);
        }

        await new ServiceMetricsFile(resource, settings.Endpoint.ToString(), reader.Calls).WriteAsync(folder).ConfigureAwait(false);
        return summary;
    }

    /// <summary>The summary that says why nothing could be read, and its warning.</summary>
    public static ServiceSummary Unavailable(string resource, string reason, ILogger log)
    {
        log.LogWarning("{Sentence}", $"The service's metrics are unavailable: {reason}. The run's own results stand.");
        return new ServiceSummary { Resource = resource, Unavailable = reason };
    }

    /// <summary>Warns of each query after the first that could not be read: the summary stands without its figures.</summary>
    public static void WarnOfParts(ILogger log, params string?[] failures)
    {
        foreach (var partial in failures.OfType<string>())
        {
            log.LogWarning("{Sentence}", $"Part of the service's metrics could not be read: {partial}.");
        }
    }

    private static async Task<(ServiceSummary, IEnumerable<string>)> ReadTableServiceAsync(
        string resource, RunMinutes minutes, MetricsReader reader, MetricsWait wait, ClientMinutes client, IReadOnlyList<OwnCallCount> own, ILogger log, CancellationToken stopWaiting)
    {
        var (byType, failure) = await wait.ForLastMinuteAsync(minutes, minutes.ByResponseType(), stopWaiting).ConfigureAwait(false);
        if (byType is null)
        {
            return (Unavailable(resource, failure!, log), []);
        }

        var (byApi, apiFailure) = await reader.ReadAsync(minutes.ByApiName(), CancellationToken.None).ConfigureAwait(false);
        var (latencies, latencyFailure) = await reader.ReadAsync(minutes.Latencies(), CancellationToken.None).ConfigureAwait(false);
        WarnOfParts(log, apiFailure, latencyFailure);
        var summary = ServiceSummaryBuilder.Build(resource, minutes, byType, byApi, latencies, client, own);
        return (summary, ServiceLines.Of(summary));
    }
}
