using System.Globalization;
using System.Text.Json;

namespace TableLoad.Tests.Sweep;

/// <summary>summary.json texts in the shape docs/results.md describes, with recognisable figures.</summary>
internal static class CellSummaries
{
    public static string Json(
        long succeeded = 9_000,
        long failed = 1_000,
        long serverBusy = 4,
        long operationTimedOut = 3,
        long tooManyRequests = 2,
        long clientTimeouts = 1,
        double p99 = 48.125,
        long peak = 1_200,
        string status = "complete",
        string saturated = "")
    {
        var text = string.Create(CultureInfo.InvariantCulture, $$"""
            {
              "run_id": "20240305-120709-abcd",
              "label": "cell",
              "processes": 1,
              "tasks": 12,
              "batch_size": 100,
              "entity_size": 1024,
              "partitions": "single",
              "status": "{{status}}",
              "measured_seconds": 10.0,
              "latency_ms": { "count": 100, "min": 8.25, "median": 20.5, "mean": 22.126333333333335, "max": 950.75, "p90": 30.5, "p95": 35.25, "p99": {{p99}}, "p999": 120.5 },
              "peak_entities_per_second": {{peak}},
              "mean_entities_per_second": 900.1,
              "goodput_mb_per_second": 0.9216,
              "entities_succeeded": {{succeeded}},
              "entities_failed": {{failed}},
              "outcomes": { "succeeded": 90, "server_busy": {{serverBusy}}, "operation_timed_out": {{operationTimedOut}}, "too_many_requests": {{tooManyRequests}}, "client_timeout": {{clientTimeouts}}, "rejected": 0, "network_failure": 0 },
              "rejected_by_code": {},
              "warmup": { "batches": 5, "entities_succeeded": 500, "entities_failed": 0 },
              "client": { "user_cpu_seconds": 1.5, "system_cpu_seconds": 0.25, "cpu_us_per_entity": 19.4, "gc_gen0": 4, "gc_gen1": 1, "gc_gen2": 0{{saturated}} }
            }
            """);
        return text;
    }

    public static JsonElement Element(string json) => JsonDocument.Parse(json).RootElement.Clone();
}
