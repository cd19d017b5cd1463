using System.Globalization;
using System.Text.Json;

namespace TableLoad.Sweep;

/// <summary>
/// One finished cell as sweep.csv holds it: the knobs, the original table's columns and the failure,
/// throughput and client figures, all taken from the cell's summary.json.
/// </summary>
internal sealed record SweepRow
{
    public required SweepCell Cell { get; init; }

    public required double Min { get; init; }

    public required double Median { get; init; }

    public required double Mean { get; init; }

    public required double Max { get; init; }

    public required double P90 { get; init; }

    public required double P95 { get; init; }

    public required double P99 { get; init; }

    public required long PeakEntitiesPerSecond { get; init; }

    public required long Succeeded { get; init; }

    public required long Failed { get; init; }

    /// <summary>Batches answered 503 ServerBusy, 500 OperationTimedOut or 429.</summary>
    public required long Throttled { get; init; }

    /// <summary>Batches whose attempt hit the client timeout.</summary>
    public required long Timeouts { get; init; }

    public required double MeanEntitiesPerSecond { get; init; }

    public required double GoodputMbPerSecond { get; init; }

    /// <summary>User plus system CPU seconds of the load generator.</summary>
    public required double ClientCpuSeconds { get; init; }

    public required bool Saturated { get; init; }

    /// <summary><c>complete</c>, <c>partial</c> (a process failed) or <c>verify_mismatch</c>.</summary>
    public required string Status { get; init; }

    /// <summary>Measured batches; every batch holds exactly the cell's batch size of entities.</summary>
    public long Batches => Cell.BatchSize > 0 ? (Succeeded + Failed) / Cell.BatchSize : 0;

    /// <summary>Throttled batches as a percentage of all measured batches (0 when there were none).</summary>
    public double ThrottledPercent => Batches > 0 ? Throttled * 100.0 / Batches : 0;

    /// <summary>Reads the figures of a cell from its summary.json, whatever else the file holds.</summary>
    public static SweepRow FromSummary(SweepCell cell, JsonElement summary)
    {
        var latency = summary.GetProperty("latency_ms");
        var outcomes = summary.GetProperty("outcomes");
        var client = summary.GetProperty("client");
        long Outcome(string name) => outcomes.TryGetProperty(name, out var value) ? value.GetInt64() : 0;
        var stored = summary.TryGetProperty("stored", out var s) && s.ValueKind == JsonValueKind.Object ? s : default;
        var mismatch = stored.ValueKind == JsonValueKind.Object && stored.TryGetProperty("matches", out var matches) && matches.ValueKind == JsonValueKind.False;

        return new SweepRow
        {
            Cell = cell,
            Min = Number(latency.GetProperty("min")),
            Median = Number(latency.GetProperty("median")),
            Mean = Number(latency.GetProperty("mean")),
            Max = Number(latency.GetProperty("max")),
            P90 = Number(latency.GetProperty("p90")),
            P95 = Number(latency.GetProperty("p95")),
            P99 = Number(latency.GetProperty("p99")),
            PeakEntitiesPerSecond = summary.GetProperty("peak_entities_per_second").GetInt64(),
            Succeeded = summary.GetProperty("entities_succeeded").GetInt64(),
            Failed = summary.GetProperty("entities_failed").GetInt64(),
            Throttled = Outcome("server_busy") + Outcome("operation_timed_out") + Outcome("too_many_requests"),
            Timeouts = Outcome("client_timeout"),
            MeanEntitiesPerSecond = Number(summary.GetProperty("mean_entities_per_second")),
            GoodputMbPerSecond = Number(summary.GetProperty("goodput_mb_per_second")),
            ClientCpuSeconds = Number(client.GetProperty("user_cpu_seconds")) + Number(client.GetProperty("system_cpu_seconds")),
            Saturated = Saturation(client) ?? Saturation(summary) ?? false,
            Status = mismatch ? "verify_mismatch" : summary.GetProperty("status").GetString() ?? "",
        };
    }

    // The flag may be a boolean or the list of reasons the client was the bottleneck.
    private static bool? Saturation(JsonElement parent) =>
        parent.TryGetProperty("saturated", out var flag)
            ? flag.ValueKind switch
            {
                JsonValueKind.True => true,
                JsonValueKind.Array => flag.GetArrayLength() > 0,
                JsonValueKind.String => !string.IsNullOrEmpty(flag.GetString()),
                _ => false,
            }
            : null;

    // Result files may hold NaN or Infinity as strings (named floating-point literals).
    private static double Number(JsonElement value) =>
        value.ValueKind == JsonValueKind.String ? double.Parse(value.GetString()!, CultureInfo.InvariantCulture) : value.GetDouble();
}
