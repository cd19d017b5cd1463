namespace TableLoad.Measurement;

/// <summary>One row of batches.csv: what one batch did and when.</summary>
internal readonly record struct BatchRecord(
    int Process,
    int Task,
    string PartitionKey,
    long StartMicros,
    long LatencyMicros,
    int Entities,
    BatchResult Result,
    bool Warmup,
    long? IntendedStartMicros = null);
