using Microsoft.Extensions.Logging;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Cosmos;

/// <summary>Reads a Cosmos DB account's metrics of the run's table: its requests by status code (waited for), then by operation, its request units and its ranges' NormalizedRUConsumption.</summary>
internal static class CosmosView
{
    public static async Task<(ServiceSummary Summary, IEnumerable<string> Lines)> ReadAsync(
        string resource, string? table, RunMinutes minutes, MetricsReader reader, MetricsWait wait, ClientMinutes client, ILogger log, CancellationToken stopWaiting)
    {
        var queries = new CosmosQueries(minutes, table);
        var (byStatus, failure) = await wait.ForLastMinuteAsync(minutes, queries.ByStatusCode(), stopWaiting).ConfigureAwait(false);
        if (byStatus is null)
        {
            return (ServiceView.Unavailable(resource, failure!, log), []);
        }

        var (byOperation, operationFailure) = await reader.ReadAsync(queries.ByOperationType(), CancellationToken.None).ConfigureAwait(false);
        var (units, unitsFailure) = await reader.ReadAsync(queries.RequestUnits(), CancellationToken.None).ConfigureAwait(false);
        var (normalized, normalizedFailure) = await reader.ReadAsync(queries.NormalizedRu(), CancellationToken.None).ConfigureAwait(false);
        ServiceView.WarnOfParts(log, operationFailure, unitsFailure, normalizedFailure);
        var summary = CosmosSummaryBuilder.Build(resource, table, minutes, byStatus, byOperation, units, normalized, client);
        return (summary, CosmosLines.Of(summary));
    }
}
