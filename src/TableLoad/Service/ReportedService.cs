using Microsoft.Extensions.Logging;
using TableLoad.Measurement.Service;
using TableLoad.Settings;

namespace TableLoad.Service;

/// <summary>
/// The service's view of the folders <c>report</c> merges: with <c>--service-metrics</c>, read for the merged run's minutes beside its
/// merged requests, as the run would have; without it, one folder's kept as its run read it. Several folders' views are not merged:
/// each stands beside its own requests only, and the service's minutes are the account's, not a part's.
/// </summary>
internal static class ReportedService
{
    /// <param name="client">The merged run's requests by minute; null without <paramref name="settings"/>.</param>
    /// <param name="folders">Each merged folder and the service's view its summary.json holds.</param>
    /// <param name="table">The folders' table, which a Cosmos DB account's metrics are filtered to as the run's were.</param>
    public static async Task<ServiceSummary?> OfAsync(
        ServiceMetricsSettings? settings, ClientMinutes? client, IReadOnlyList<(string Path, ServiceSummary? Service)> folders, string? table, string destination,
        TextWriter output, TextWriter? progress, ILogger log, CancellationToken stopWaiting)
    {
        var kept = folders is [var only] ? only.Service : null;
        if (settings is not null)
        {
            // The run's own calls (its table's creation, --verify's count ...) are known only as its own view counted them, of the same minutes.
            var read = await ServiceView.ReadAsync(settings, client!, destination, output, progress, log, TimeProvider.System, stopWaiting, table,
                (_, _) => kept?.OwnCalls ?? []).ConfigureAwait(false);
            // The request log's join is not the metrics': a folder's joined log stands until --service-log joins it again.
            return read with { Log = kept?.Log };
        }

        if (kept is not null)
        {
            var file = Path.Combine(folders[0].Path, ServiceMetricsFile.Name);
            if (File.Exists(file))
            {
                File.Copy(file, Path.Combine(destination, ServiceMetricsFile.Name));
            }

            if (kept.Resource is not null && kept.Unavailable is null)
            {
                foreach (var line in ServiceLines.Of(kept))
                {
                    await output.WriteLineAsync(line).ConfigureAwait(false);
                }
            }

            return kept;
        }

        if (folders.Any(f => f.Service?.Resource is not null))
        {
            log.LogWarning("{Sentence}", "The folders' service metrics are not merged: each stands beside its own requests only; give --service-metrics to read them beside the merged run's.");
        }

        return null;
    }
}
