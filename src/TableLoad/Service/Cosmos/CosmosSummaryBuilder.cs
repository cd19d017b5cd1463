using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service.Cosmos;

/// <summary>Turns a Cosmos DB account's metrics answers for the run's minutes, and the client's figures of the same minutes, into summary.json's <c>service</c>.</summary>
internal static class CosmosSummaryBuilder
{
    public static ServiceSummary Build(
        string resource, string? table, RunMinutes minutes, MetricsAnswer byStatus, MetricsAnswer? byOperation, MetricsAnswer? requestUnits, MetricsAnswer? normalized, ClientMinutes client)
    {
        var rows = minutes.All().Select(minute =>
        {
            var ofClient = client.Of(minute);
            return new CosmosMinute(
                minute,
                ServiceSummaryBuilder.Totals(byStatus, CosmosMetric.TotalRequests, minute),
                ofClient.ByName(),
                ofClient.Attempts,
                UnitsOf(requestUnits, minute),
                ofClient.RequestUnits,
                NormalizedOf(normalized, minute));
        }).ToList();

        var statusCodes = ServiceSummaryBuilder.Sum(rows.Select(r => r.StatusCodes));
        long Client(BatchOutcome outcome) => rows.Sum(r => r.Client.GetValueOrDefault(outcome.ToSnakeCase()));
        var requests = BatchOutcomeExtensions.All().Sum(Client);
        var cosmos = new CosmosSummary
        {
            Table = table,
            Minutes = rows,
            StatusCodes = statusCodes,
            OperationTypes = byOperation is null ? new Dictionary<string, long>() : ServiceSummaryBuilder.Sum(minutes.All().Select(m => ServiceSummaryBuilder.Totals(byOperation, CosmosMetric.TotalRequests, m))),
            RequestUnits = rows.Any(r => r.RequestUnits is not null) ? rows.Sum(r => r.RequestUnits ?? 0) : null,
            ClientRequestUnits = rows.Sum(r => r.ClientRequestUnits),
            NormalizedRu = rows.Select(r => r.NormalizedRu).OfType<NormalizedRu>().MaxBy(n => n.HottestPercent),
        };
        return new ServiceSummary
        {
            Resource = resource,
            Cosmos = cosmos,
            Reconciliation = CosmosReconciliation.Sentences(cosmos, Client, Math.Max(0, rows.Sum(r => r.ClientAttempts) - requests)),
        };
    }

    private static double? UnitsOf(MetricsAnswer? answer, DateTimeOffset minute)
    {
        var totals = answer is null ? [] : RunMinutes.Series(answer, CosmosMetric.TotalRequestUnits)
            .Select(s => s.Data?.FirstOrDefault(p => p.TimeStamp == minute)?.Total).OfType<double>().ToList();
        return totals.Count == 0 ? null : totals.Sum();
    }

    /// <summary>The minute's hottest range and the mean over the ranges that have a value in it.</summary>
    private static NormalizedRu? NormalizedOf(MetricsAnswer? answer, DateTimeOffset minute)
    {
        var ranges = answer is null ? [] : RunMinutes.Series(answer, CosmosMetric.NormalizedRUConsumption)
            .Select(s => (Range: s.Metadatavalues is [{ Value: { } id }, ..] ? id : "", s.Data?.FirstOrDefault(p => p.TimeStamp == minute)?.Maximum))
            .Where(r => r.Maximum is not null)
            .Select(r => (r.Range, Percent: r.Maximum!.Value))
            .ToList();
        if (ranges.Count == 0)
        {
            return null;
        }

        var hottest = ranges.MaxBy(r => r.Percent);
        return new NormalizedRu(minute, hottest.Percent, hottest.Range, ranges.Average(r => r.Percent), ranges.Count);
    }
}
