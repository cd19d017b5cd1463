using System.CommandLine;

namespace TableLoad.Proxy;

/// <summary>The options of <c>tableload proxy</c>, each with its default shown in --help; a profile uses the same names in snake_case.</summary>
internal sealed class ProxyOptions
{
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

    public Option<double> PartitionLimit { get; } = new("--partition-limit")
    {
        Description = "Entities per second one partition (account, table, PartitionKey) accepts before it is throttled; a token bucket holding one second's worth.",
        DefaultValueFactory = _ => ProxySettings.DefaultPartitionLimit,
    };

    public Option<double> AccountLimit { get; } = new("--account-limit")
    {
        Description = "Entities per second the whole account accepts before it is throttled; a token bucket holding one second's worth.",
        DefaultValueFactory = _ => ProxySettings.DefaultAccountLimit,
    };

    public Option<double> TimeoutShare { get; } = new("--timeout-share")
    {
        Description = "Share (0..1) of throttled requests answered 500 OperationTimedOut; the rest get 503 ServerBusy.",
        DefaultValueFactory = _ => 0,
    };

    public Option<bool> Cosmos { get; } = new("--cosmos")
    {
        Description = "Throttle as the Cosmos DB Table API does: 429 TooManyRequests with x-ms-retry-after-ms (the time until the bucket holds enough). Default: off (Azure Storage answers).",
    };

    public Option<string> Latency { get; } = new("--latency")
    {
        Description = "Latency added to every batch and insert: fixed (50ms), uniform:10ms-200ms, or exp:50ms (exponential with that mean).",
        DefaultValueFactory = _ => "0ms",
    };

    public Option<double> ResetRate { get; } = new("--reset-rate")
    {
        Description = "Probability (0..1) that a batch or insert has its connection reset before it is forwarded (nothing is stored).",
        DefaultValueFactory = _ => 0,
    };

    public Option<double> LoseAnswerRate { get; } = new("--lose-answer-rate")
    {
        Description = "Probability (0..1) that a batch or insert is forwarded and committed, then its connection reset instead of answering.",
        DefaultValueFactory = _ => 0,
    };

    public Option<double> DelayAnswerRate { get; } = new("--delay-answer-rate")
    {
        Description = "Probability (0..1) that a batch or insert is forwarded and committed, then its answer held for --delay-answer.",
        DefaultValueFactory = _ => 0,
    };

    public Option<string> DelayAnswer { get; } = new("--delay-answer")
    {
        Description = "How long a delayed answer is held, e.g. past the client's timeout.",
        DefaultValueFactory = _ => ProxySettings.DefaultDelayAnswer,
    };

    public Option<int?> Seed { get; } = new("--seed")
    {
        Description = "Seed of the fault, latency and timeout-share draws, for repeatable runs. Default: a random seed, shown in the stats.",
    };

    public Option<string?> Profile { get; } = new("--profile")
    {
        Description = "JSON file with any of these settings under snake_case names (e.g. \"partition_limit\": 500); options given on the command line override it. Default: none.",
    };

    public IEnumerable<Option> All =>
    [
        Listen, Target, PartitionLimit, AccountLimit, TimeoutShare, Cosmos, Latency, ResetRate, LoseAnswerRate, DelayAnswerRate, DelayAnswer, Seed, Profile,
    ];
}
