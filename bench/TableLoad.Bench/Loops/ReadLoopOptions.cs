namespace TableLoad.Bench.Loops;

/// <summary>
/// What a read baseline reads: the table a <c>tableload run --preload --key-space N</c> filled, and that run's key space and
/// key prefix, with the concurrency and timing of <see cref="Loop"/> (whose batch size is 1: a batch of the harness is one read).
/// </summary>
internal sealed record ReadLoopOptions(LoopOptions Loop, string Table, int KeySpace, string KeyPrefix);
