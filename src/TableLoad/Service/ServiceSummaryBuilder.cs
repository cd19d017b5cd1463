using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Storage.Monitor;

namespace TableLoad.Service;

/// <summary>Turns the metrics API's answers for the run's minutes, and the client's requests of the same minutes, into summary.json's <c>service</c>.</summary>
internal static class ServiceSummaryBuilder
{
    public static ServiceSummary Build(string resource, RunMinutes minutes, MetricsAnswer byType, MetricsAnswer? byApi, MetricsAnswer? latencies, ClientMinutes client, IReadOnlyList<OwnCallCount> ownCalls)
    {
        var rows = minutes.All().Select(minute =>
        {
            var ofClient = client.Of(minute);
            return new ServiceMinute(
                minute,
                Totals(byType, MonitorMetric.Transactions, minute),
                ofClient.ByName(),
                ofClient.Attempts,
                ofClient.MeanLatencyMs,
                Latency(latencies, MonitorMetric.SuccessServerLatency, minute),
                Latency(latencies, MonitorMetric.SuccessE2ELatency, minute));
        }).ToList();

        var transactions = Sum(rows.Select(r => r.Transactions));
        var apiNames = byApi is null ? new Dictionary<string, long>() : Sum(minutes.All().Select(m => Totals(byApi, MonitorMetric.Transactions, m)));
        long Client(BatchOutcome outcome) => rows.Sum(r => r.Client.GetValueOrDefault(outcome.ToSnakeCase()));
        var requests = BatchOutcomeExtensions.All().Sum(Client);
        return new ServiceSummary
        {
            Resource = resource,
            Minutes = rows,
            Transactions = transactions,
            ApiNames = apiNames,
            ServerLatencyMs = Overall(rows, r => r.ServerLatencyMs),
            E2eLatencyMs = Overall(rows, r => r.E2eLatencyMs),
            IngressBytes = TotalOf(latencies, MonitorMetric.Ingress),
            EgressBytes = TotalOf(latencies, MonitorMetric.Egress),
            OwnCalls = ownCalls,
            Reconciliation = Reconciliation.Sentences(transactions, Client, Math.Max(0, rows.Sum(r => r.ClientAttempts) - requests), ownCalls),
        };
    }

    /// <summary>The minute's total (or count) of each series, by the series' dimension value; series without data that minute are left out.</summary>
    public static Dictionary<string, long> Totals(MetricsAnswer answer, string metric, DateTimeOffset minute)
    {
        var totals = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var series in RunMinutes.Series(answer, metric))
        {
            if (series.Data?.FirstOrDefault(p => p.TimeStamp == minute) is { } point && (point.Total ?? point.Count) is { } total)
            {
                var name = series.Metadatavalues is [{ Value: { } value }, ..] ? value : "";
                totals[name] = totals.GetValueOrDefault(name) + (long)Math.Round(total);
            }
        }

        return totals;
    }

    private static ServiceLatency? Latency(MetricsAnswer? answer, string metric, DateTimeOffset minute) =>
        answer is null ? null
            : RunMinutes.Series(answer, metric).Select(s => s.Data?.FirstOrDefault(p => p.TimeStamp == minute)).FirstOrDefault(p => p?.Average is not null) is { } point
                ? new ServiceLatency(point.Average!.Value, point.Maximum ?? point.Average.Value)
                : null;

    /// <summary>The minutes' means weighted by each minute's successes, and the largest maximum.</summary>
    private static ServiceLatency? Overall(List<ServiceMinute> rows, Func<ServiceMinute, ServiceLatency?> of)
    {
        var weighted = rows.Where(r => of(r) is not null).Select(r => (Latency: of(r)!, Weight: Math.Max(1, r.Transactions.GetValueOrDefault(nameof(ResponseType.Success))))).ToList();
        return weighted.Count == 0
            ? null
            : new ServiceLatency(weighted.Sum(w => w.Latency.Mean * w.Weight) / weighted.Sum(w => w.Weight), weighted.Max(w => w.Latency.Max));
    }

    private static long? TotalOf(MetricsAnswer? answer, string metric)
    {
        var points = answer is null ? [] : RunMinutes.Series(answer, metric).SelectMany(s => s.Data ?? []).Where(p => p.Total is not null).ToList();
        return points.Count == 0 ? null : (long)Math.Round(points.Sum(p => p.Total!.Value));
    }

    public static Dictionary<string, long> Sum(IEnumerable<IReadOnlyDictionary<string, long>> parts)
    {
        var sum = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var (name, count) in parts.SelectMany(p => p))
        {
            sum[name] = sum.GetValueOrDefault(name) + count;
        }

        return sum;
    }
}
