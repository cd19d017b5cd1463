namespace TableLoad.MicroBench;

/// <summary>A clock that never moves, so a benchmark never crosses a second boundary.</summary>
internal sealed class FrozenTime : TimeProvider
{
    private static readonly DateTimeOffset Now = new(2026, 1, 1, 0, 0, 0, 500, TimeSpan.Zero);

    public override DateTimeOffset GetUtcNow() => Now;

    public override long GetTimestamp() => 1_000_000;
}
