namespace TableLoad.Service.Log;

/// <summary>What the join needs of one row of batches.csv: the request's client request id, when it started, (in microseconds since the epoch) how long the client waited, and whether it was warm-up.</summary>
internal readonly record struct RequestTiming(Guid ClientRequestId, long StartMicros, long LatencyMicros, bool Warmup);
