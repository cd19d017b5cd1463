namespace TableLoad.Measurement;

/// <summary>One row of batches.csv: what one request (a batch, a read, a query) did and when.</summary>
internal readonly record struct BatchRecord(
    int Process,
    int Task,
    string PartitionKey,
    long StartMicros,
    long LatencyMicros,
    int Entities,
    BatchResult Result,
    bool Warmup,
    long? IntendedStartMicros = null)
{
    /// <summary>What the request did (<c>--operation</c>).</summary>
    public Storage.TableOperation Operation { get; init; } = Storage.TableOperationNames.Default;

    /// <summary>The scenario that sent the request; null in a run of one load.</summary>
    public string? Scenario { get; init; }
}
