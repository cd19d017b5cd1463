using System.CommandLine;
using TableLoad.Proxy;

namespace TableLoad.Cli;

/// <summary>
/// The options of <c>tableload proxy</c>, each with its default and range shown in --help; a profile
/// (<c>--config</c>) and <c>TABLELOAD_*</c> variables use the same names, in snake_case and upper case.
/// </summary>
internal sealed class ProxyOptions
{
    /// <summary>The highest limit a token bucket takes, entities per second.</summary>
    public const double MaxLimit = 1e9;

    public Option<string> Listen { get; } = new("--listen")
    {
        Description = "Loopback address to listen on (port 0 picks a free port).",
        DefaultValueFactory = _ => ProxySettings.DefaultListen,
    };

    public Option<string> Target { get; } = new("--target")
    {
        Description = "Scheme, host and port of the Table endpoint to forward to, e.g. Azurite's; request paths (which name the account) are forwarded unchanged.",
        DefaultValueFactory = _ => ProxySettings.DefaultTarget,
    };

    public Bounded<double> PartitionLimit { get; } = new(
        new Option<double>("--partition-limit") { Description = "Entities per second one partition (account, table, PartitionKey) accepts before it is throttled, every entity read or written counted: a batch's operations (deletes included), a single write, a point read or a single delete 1, a query page the entities its answer returned (taken after the answer; a query is refused while the bucket is in debt). A token bucket holding --burst's worth.", DefaultValueFactory = _ => ProxySettings.DefaultPartitionLimit },
        0, MaxLimit, unit: "entities per second", aboveMin: true);

    public Bounded<double> AccountLimit { get; } = new(
        new Option<double>("--account-limit") { Description = "Entities per second the whole account accepts before it is throttled, counted as --partition-limit counts them (a query that may span partitions counts here only); a token bucket holding --burst's worth.", DefaultValueFactory = _ => ProxySettings.DefaultAccountLimit },
        0, MaxLimit, unit: "entities per second", aboveMin: true);

    public BoundedDuration Burst { get; } = new(
        new Option<string>("--burst") { Description = "How much of its limit a partition's or the account's bucket holds, as time at the limit: a load above the limit is admitted until it has spent this much, then throttled. A short burst throttles soon after the load passes the limit (a ramp's break is seen near it); a long one lets a spike through.", DefaultValueFactory = _ => ProxySettings.DefaultBurst },
        TimeSpan.FromMilliseconds(10), TimeSpan.FromSeconds(60));

    public Bounded<double> AccountIngressLimit { get; } = new(
        new Option<double?>("--account-ingress-limit") { Description = "Request body bytes per second the whole account accepts before it is throttled (503 \"Ingress is over the account limit.\"); a token bucket holding --burst's worth. Default: none." },
        0, 1e12, unit: "bytes per second", aboveMin: true);

    public Bounded<double> AccountEgressLimit { get; } = new(
        new Option<double?>("--account-egress-limit") { Description = "Answer body bytes per second the whole account sends; charged after each answer, and while over it the account's next requests are throttled (503 \"Egress is over the account limit.\"). Default: none." },
        0, 1e12, unit: "bytes per second", aboveMin: true);

    public Bounded<double> TimeoutShare { get; } = new(
        new Option<double>("--timeout-share") { Description = "Share of throttled requests answered 500 OperationTimedOut; the rest get 503 ServerBusy. Not with --cosmos or --request-units, which answer every throttle 429.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a share");

    public Option<bool> Cosmos { get; } = new("--cosmos")
    {
        Description = "Throttle as the Cosmos DB Table API does: 429 TooManyRequests with x-ms-retry-after-ms (the time until the bucket holds enough). Default: off (Azure Storage answers).",
    };

    public Bounded<double> RequestUnits { get; } = new(
        new Option<double?>("--request-units") { Description = "Emulate the Cosmos DB Table API with this many request units (RU) provisioned per second: each request is charged by the cost models in docs/cosmos.md (a write by its entities' size and properties, a delete as the smallest write, 4.95 RU; a point read 1 RU up to 1 KB returned, growing to 10 RU at 100 KB; a query page 1 RU plus a point read of each entity returned) against a one-second budget (unused RUs are not carried over), its answer carries x-ms-request-charge, and a request over the budget gets 429 TooManyRequests with x-ms-retry-after-ms and x-ms-substatus 3200. The Azure Storage limits do not apply, so --partition-limit, --account-limit, --burst, --account-ingress-limit and --account-egress-limit are refused beside it. Default: none (Azure Storage)." },
        0, MaxLimit, unit: "request units per second", aboveMin: true);

    public Bounded<int> PartitionKeyRanges { get; } = new(
        new Option<int?>("--partition-key-ranges") { Description = "With --request-units: the partition key ranges (physical partitions) the emulated container has, each with an equal share of the RU/s; each partition key falls in one by a hash of it, and the emulated NormalizedRUConsumption is each range's busiest second in percent of its share (docs/service.md). Default: one range per 10,000 RU/s, as Cosmos DB splits by throughput." },
        1, 1000, why: "a container's physical partitions");

    public Option<string> ChargeHeaderFault { get; } = new("--charge-header-fault")
    {
        Description = "For testing clients: with --request-units, send a malformed x-ms-request-charge on every charged answer: not-a-number, or negative (the charge with a minus sign). Default: none.",
        DefaultValueFactory = _ => "none",
    };

    public Option<string> Latency { get; } = new("--latency")
    {
        Description = "Latency added to every batch, single write, point read, query page and single delete: fixed (50ms), uniform:10ms-200ms, or exp:50ms (exponential with that mean); each number with its unit (a bare 50 is refused, 0 adds none).",
        DefaultValueFactory = _ => "0ms",
    };

    public Bounded<double> ResetRate { get; } = new(
        new Option<double>("--reset-rate") { Description = "Probability that a write (batch, single write, single delete) has its connection reset before it is forwarded (nothing is stored); reads too with --read-faults.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a probability");

    public Bounded<double> LoseAnswerRate { get; } = new(
        new Option<double>("--lose-answer-rate") { Description = "Probability that a write (batch, single write, single delete) is forwarded and committed, then its connection reset instead of answering; reads too with --read-faults.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a probability");

    public Bounded<double> DelayAnswerRate { get; } = new(
        new Option<double>("--delay-answer-rate") { Description = "Probability that a write (batch, single write, single delete) is forwarded and committed, then its answer held for --delay-answer; reads too with --read-faults.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a probability");

    public Option<bool> ReadFaults { get; } = new("--read-faults")
    {
        Description = "Also reset, lose or delay the answers of point reads and queries at the rates above (drawn apart from the writes', so reads never shift which write gets a fault). Default: off: the faults hit writes only (batches, single writes, single deletes), so that a client's own checks (--verify's count, the read-back of an ambiguous batch) see the table as it is; latency and the limits apply to reads either way.",
    };

    public BoundedDuration DelayAnswer { get; } = new(
        new Option<string>("--delay-answer") { Description = "How long a delayed answer is held, e.g. past the client's timeout.", DefaultValueFactory = _ => ProxySettings.DefaultDelayAnswer },
        TimeSpan.Zero, TimeSpan.FromHours(24));

    public Option<string> MetricsFault { get; } = new("--metrics-fault")
    {
        Description = "For testing a client of the emulated metrics API (docs/service.md): answer every metrics call with forbidden (403 AuthorizationFailed), not-found (404 ResourceNotFound), overloaded (529) or malformed (200 with JSON that is not a metrics answer). Default: none.",
        DefaultValueFactory = _ => "none",
    };

    public BoundedDuration MetricsHold { get; } = new(
        new Option<string>("--metrics-hold") { Description = "Hold each minute's metrics back until no request has been counted in it for this long, as Azure Monitor's arrive minutes late, so a client's wait for them is tested.", DefaultValueFactory = _ => "0s" },
        TimeSpan.Zero, TimeSpan.FromDays(1));

    public Option<int?> Seed { get; } = new("--seed")
    {
        Description = "Seed of the fault, latency and timeout-share draws, for repeatable runs. Default: a random seed, shown in the stats.",
    };

    public Option<string?> ServiceLog { get; } = new("--service-log")
    {
        Description = "Append the service's request log to this file as a diagnostic setting archives it: one resource-log JSON line a request (time, operationName, statusCode, statusText, durationMs from its first byte in to its last byte out, correlationId, properties.clientRequestId, properties.serverLatencyMs: the target's time to answer plus --latency, which emulates a slow service), flushed as each request ends, so run --service-log reads it while the proxy runs. Default: none.",
    };

    // --profile is the name this option had before the proxy's options were layered as run's are.
    public Option<string?> Config { get; } = new("--config", "--profile")
    {
        Description = "A profile: a JSON object with any of these options under their snake_case names ({\"partition_limit\": 500, \"latency\": \"5ms\"}). TABLELOAD_<NAME> environment variables (TABLELOAD_PARTITION_LIMIT=500) override it, and the command line overrides both. Default: none.",
    };

    public IReadOnlyList<Option> All =>
    [
        Listen, Target, PartitionLimit.Option, AccountLimit.Option, Burst.Option, AccountIngressLimit.Option, AccountEgressLimit.Option, TimeoutShare.Option, Cosmos,
        RequestUnits.Option, PartitionKeyRanges.Option, ChargeHeaderFault, Latency, ResetRate.Option, LoseAnswerRate.Option,
        DelayAnswerRate.Option, DelayAnswer.Option, ReadFaults, MetricsFault, MetricsHold.Option, Seed, ServiceLog, Config,
    ];

    /// <summary>A <c>proxy</c> command holding these options, so every reader of the proxy's arguments parses them alike.</summary>
    public Command CreateCommand(string description = "")
    {
        var command = new Command("proxy", description);
        foreach (var option in All)
        {
            command.Add(option);
        }

        return command;
    }
}
