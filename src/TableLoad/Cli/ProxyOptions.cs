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
        new Option<double>("--partition-limit") { Description = "Entities per second one partition (account, table, PartitionKey) accepts before it is throttled; a token bucket holding one second's worth.", DefaultValueFactory = _ => ProxySettings.DefaultPartitionLimit },
        0, MaxLimit, unit: "entities per second", aboveMin: true);

    public Bounded<double> AccountLimit { get; } = new(
        new Option<double>("--account-limit") { Description = "Entities per second the whole account accepts before it is throttled; a token bucket holding one second's worth.", DefaultValueFactory = _ => ProxySettings.DefaultAccountLimit },
        0, MaxLimit, unit: "entities per second", aboveMin: true);

    public Bounded<double> TimeoutShare { get; } = new(
        new Option<double>("--timeout-share") { Description = "Share of throttled requests answered 500 OperationTimedOut; the rest get 503 ServerBusy.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a share");

    public Option<bool> Cosmos { get; } = new("--cosmos")
    {
        Description = "Throttle as the Cosmos DB Table API does: 429 TooManyRequests with x-ms-retry-after-ms (the time until the bucket holds enough). Default: off (Azure Storage answers).",
    };

    public Option<string> Latency { get; } = new("--latency")
    {
        Description = "Latency added to every batch and single write: fixed (50ms), uniform:10ms-200ms, or exp:50ms (exponential with that mean); each number with its unit (a bare 50 is refused, 0 adds none).",
        DefaultValueFactory = _ => "0ms",
    };

    public Bounded<double> ResetRate { get; } = new(
        new Option<double>("--reset-rate") { Description = "Probability that a batch or single write has its connection reset before it is forwarded (nothing is stored).", DefaultValueFactory = _ => 0 },
        0, 1, why: "a probability");

    public Bounded<double> LoseAnswerRate { get; } = new(
        new Option<double>("--lose-answer-rate") { Description = "Probability that a batch or single write is forwarded and committed, then its connection reset instead of answering.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a probability");

    public Bounded<double> DelayAnswerRate { get; } = new(
        new Option<double>("--delay-answer-rate") { Description = "Probability that a batch or single write is forwarded and committed, then its answer held for --delay-answer.", DefaultValueFactory = _ => 0 },
        0, 1, why: "a probability");

    public BoundedDuration DelayAnswer { get; } = new(
        new Option<string>("--delay-answer") { Description = "How long a delayed answer is held, e.g. past the client's timeout.", DefaultValueFactory = _ => ProxySettings.DefaultDelayAnswer },
        TimeSpan.Zero, TimeSpan.FromHours(24));

    public Option<int?> Seed { get; } = new("--seed")
    {
        Description = "Seed of the fault, latency and timeout-share draws, for repeatable runs. Default: a random seed, shown in the stats.",
    };

    // --profile is the name this option had before the proxy's options were layered as run's are.
    public Option<string?> Config { get; } = new("--config", "--profile")
    {
        Description = "A profile: a JSON object with any of these options under their snake_case names ({\"partition_limit\": 500, \"latency\": \"5ms\"}). TABLELOAD_<NAME> environment variables (TABLELOAD_PARTITION_LIMIT=500) override it, and the command line overrides both. Default: none.",
    };

    public IReadOnlyList<Option> All =>
    [
        Listen, Target, PartitionLimit.Option, AccountLimit.Option, TimeoutShare.Option, Cosmos, Latency, ResetRate.Option, LoseAnswerRate.Option,
        DelayAnswerRate.Option, DelayAnswer.Option, Seed, Config,
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
