using TableLoad.Proxy.Metrics;

namespace TableLoad.Proxy;

/// <summary>What <c>tableload proxy</c> emulates: where it listens, where it forwards, its limits and its faults.</summary>
internal sealed record ProxySettings
{
    public const string DefaultListen = "http://127.0.0.1:10102";
    public const string DefaultTarget = "http://127.0.0.1:10002";
    public const double DefaultPartitionLimit = 2000;
    public const double DefaultAccountLimit = 20000;
    public const string DefaultDelayAnswer = "35s";
    public const string DefaultBurst = "1s";

    /// <summary>The loopback address to listen on; port 0 picks a free port.</summary>
    public required Uri Listen { get; init; }

    /// <summary>Scheme, host and port of the Table endpoint requests are forwarded to.</summary>
    public required Uri Target { get; init; }

    /// <summary>Entities per second one partition (account, table, PartitionKey) accepts.</summary>
    public double PartitionLimit { get; init; } = DefaultPartitionLimit;

    /// <summary>Entities per second the whole account accepts.</summary>
    public double AccountLimit { get; init; } = DefaultAccountLimit;

    /// <summary>How much of its limit each Storage bucket (partition, account) holds, as time at the limit.</summary>
    public TimeSpan Burst { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>Request body bytes per second the whole account accepts; null: no ingress limit.</summary>
    public double? AccountIngressLimit { get; init; }

    /// <summary>Answer body bytes per second the whole account sends; null: no egress limit.</summary>
    public double? AccountEgressLimit { get; init; }

    /// <summary>Share of throttled requests answered 500 OperationTimedOut instead of 503 ServerBusy.</summary>
    public double TimeoutShare { get; init; }

    /// <summary>Answer throttled requests as the Cosmos DB Table API does: 429 with <c>x-ms-retry-after-ms</c>.</summary>
    public bool Cosmos { get; init; }

    /// <summary>
    /// Cosmos DB's provisioned request units per second: each write is charged by <see cref="WriteChargeModel"/>
    /// against a one-second budget in place of the Storage targets; null: Azure Storage's targets, no charges.
    /// </summary>
    public double? RequestUnits { get; init; }

    /// <summary>The emulated container's partition key ranges, each with an equal share of <see cref="RequestUnits"/>; null: one per 10,000 RU/s.</summary>
    public int? PartitionKeyRanges { get; init; }

    /// <summary>A malformed <c>x-ms-request-charge</c> to send in place of the real one, for testing clients.</summary>
    public ChargeHeaderFault ChargeHeaderFault { get; init; }

    public LatencyDistribution Latency { get; init; } = LatencyDistribution.None;

    public double ResetRate { get; init; }

    public double LoseAnswerRate { get; init; }

    public double DelayAnswerRate { get; init; }

    /// <summary>
    /// Whether the connection faults (reset, lose and delay the answer) also hit point reads and queries; off, they hit
    /// writes only, so that a client's own checks (a count, the read-back of an ambiguous batch) see the table as it is.
    /// </summary>
    public bool ReadFaults { get; init; }

    public TimeSpan DelayAnswer { get; init; } = TimeSpan.FromSeconds(35);

    /// <summary>How the emulated metrics API fails every call; none answers.</summary>
    public MetricsFault MetricsFault { get; init; }

    /// <summary>How long a minute's metrics stay absent after the last request counted in it.</summary>
    public TimeSpan MetricsHold { get; init; }

    public int Seed { get; init; }

    /// <summary>The file the proxy appends its request log to, one resource-log JSON line a request; null: none.</summary>
    public string? ServiceLog { get; init; }
}
