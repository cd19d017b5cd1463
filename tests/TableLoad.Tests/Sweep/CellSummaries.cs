using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Sweep;

/// <summary>summary.json texts written through the summary's own type, with recognisable figures.</summary>
internal static class CellSummaries
{
    public static string Json(RunSummary? summary = null) => ResultJson.Serialize(summary ?? Summary());

    public static RunSummary Summary(
        long succeeded = 9_000,
        long failed = 1_000,
        long serverBusy = 4,
        long operationTimedOut = 3,
        long tooManyRequests = 2,
        long clientTimeouts = 1,
        double p99 = 48.125,
        long peak = 1_200,
        RunStatus status = RunStatus.Complete,
        string[]? saturationReasons = null,
        StoredCount? stored = null)
    {
        var summary = RunSummaries.Create(p99: p99, peak: peak);
        return summary with
        {
            Label = "cell",
            LatencyMs = summary.LatencyMs with { Mean = 22.126333333333335 },
            Status = status,
            MeasuredSeconds = 10,
            MeanEntitiesPerSecond = 900.1,
            GoodputMbPerSecond = 0.9216,
            EntitiesSucceeded = succeeded,
            EntitiesFailed = failed,
            Outcomes = new Dictionary<string, long>
            {
                ["succeeded"] = 90,
                ["server_busy"] = serverBusy,
                ["operation_timed_out"] = operationTimedOut,
                ["too_many_requests"] = tooManyRequests,
                ["client_timeout"] = clientTimeouts,
                ["rejected"] = 0,
                ["network_failure"] = 0,
            },
            Client = new ClientUsage(1.5, 0.25, 19.4, 4, 1, 0) { SaturationReasons = saturationReasons ?? [] },
            Stored = stored,
        };
    }
}
