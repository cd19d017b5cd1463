using System.Globalization;
using TableLoad.Measurement.Service;

namespace TableLoad.Service;

/// <summary>The terminal's lines of the service's view: its transactions, its latencies beside the client's, and the reconciliation.</summary>
internal static class ServiceLines
{
    public static IEnumerable<string> Of(ServiceSummary service)
    {
        var transactions = string.Join(", ", service.Transactions.OrderByDescending(t => t.Value).Select(t => $"{t.Key} {t.Value}"));
        yield return Invariant($"service ({service.Minutes.Count} min of Azure Monitor's metrics): transactions {(transactions.Length > 0 ? transactions : "none")}");
        var client = service.Minutes.Where(m => m.ClientLatencyMs is not null).ToList();
        var clientMean = client.Count == 0 ? null : (double?)client.Average(m => m.ClientLatencyMs!.Value);
        yield return Invariant($"service latency: server {Latency(service.ServerLatencyMs)}, e2e {Latency(service.E2eLatencyMs)}; the client's mean of the minutes {(clientMean is { } mean ? $"{mean:0.0} ms" : "none")}");
        foreach (var sentence in service.Reconciliation)
        {
            yield return "  " + sentence;
        }
    }

    private static string Latency(ServiceLatency? latency) => latency is null ? "none" : Invariant($"mean {latency.Mean:0.0} ms (max {latency.Max:0.0})");

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
