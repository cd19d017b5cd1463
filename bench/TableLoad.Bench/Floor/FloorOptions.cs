namespace TableLoad.Bench.Floor;

/// <summary>What the floor client sends: TableLoad's defaults, with its concurrency and timing.</summary>
internal sealed record FloorOptions(
    Uri TableEndpoint,
    string AccountName,
    string AccountKey,
    int Tasks,
    TimeSpan Measured,
    TimeSpan Warmup,
    int BatchSize,
    int EntitySize,
    int Properties);
