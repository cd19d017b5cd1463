namespace TableLoad.Bench.Loops;

/// <summary>What a baseline client sends: TableLoad's defaults, with its concurrency and timing.</summary>
internal sealed record LoopOptions(
    Uri TableEndpoint,
    string AccountName,
    string AccountKey,
    int Tasks,
    TimeSpan Measured,
    TimeSpan Warmup,
    int BatchSize,
    int EntitySize,
    int Properties);
