using TableLoad.Tune;

namespace TableLoad.Tests.Tune.Search;

/// <summary>
/// The synthetic surfaces the search is proven on. A batch of b entities takes 10 ms + 0.2 ms·b unloaded, so one
/// task alone sends b / that many entities a second (3,333 at 100); N is the batches in flight (processes × tasks).
/// </summary>
internal static class Surfaces
{
    private static readonly TuneConstraints Defaults = new(null, TuneConstraints.DefaultMaxThrottledPercent, TuneConstraints.DefaultMaxFailedPercent);

    /// <summary>Throughput follows the Universal Scalability Law (σ 0.03, κ 0.0004): it peaks at about 49 batches in flight.</summary>
    public static readonly SurfaceModel Usl = new("usl", k =>
    {
        var x = OneTask(k.BatchSize.Size) * k.Concurrency / (1 + (0.03 * (k.Concurrency - 1)) + (0.0004 * k.Concurrency * (k.Concurrency - 1)));
        return Figures(x, p99Ms: 2.5 * 1000 * k.Concurrency * k.BatchSize.Size / x);
    }, Defaults, TuneLimitKind.Plateau);

    /// <summary>The service serves at most 40,000 entities/s; of the load offered above that, the excess share of batches is throttled.</summary>
    public static readonly SurfaceModel ThrottlingCliff = new("throttling-cliff", k =>
    {
        const double Capacity = 40_000;
        var offered = OneTask(k.BatchSize.Size) * k.Concurrency;
        var throttled = offered > Capacity ? 100 * (offered - Capacity) / offered : 0;
        return Figures(Math.Min(offered, Capacity), p99Ms: 2.5 * Unloaded(k.BatchSize.Size) * (1 + (throttled / 10))) with { ThrottledPercent = throttled };
    }, Defaults, TuneLimitKind.Service);

    /// <summary>
    /// The service serves at most 5,000 entities/s, and one task of 100 sends 3,333: one task meets, two break the
    /// cap, and only smaller batches with more tasks (two of 50 send exactly 5,000) come near it.
    /// </summary>
    public static readonly SurfaceModel CoarseCliff = ThrottlingCliff with
    {
        Name = "coarse-cliff",
        Truth = k =>
        {
            const double Capacity = 5_000;
            var offered = OneTask(k.BatchSize.Size) * k.Concurrency;
            var throttled = offered > Capacity ? 100 * (offered - Capacity) / offered : 0;
            return Figures(Math.Min(offered, Capacity), p99Ms: 2.5 * Unloaded(k.BatchSize.Size)) with { ThrottledPercent = throttled };
        },
    };

    /// <summary>
    /// Latency grows with batches and entities in flight (20 ms + 0.05 ms·b + 0.5 ms·N + 0.005 ms·N·b), p99 is three
    /// times it, and --p99 150ms binds (at about 25 batches of 100) long before throughput would stop growing.
    /// </summary>
    public static readonly SurfaceModel LatencyWall = new("latency-wall", k =>
    {
        var latencyMs = Wall(k);
        return Figures(1000 * k.Concurrency * k.BatchSize.Size / latencyMs, p99Ms: 3 * latencyMs);
    }, Defaults with { P99 = TimeSpan.FromMilliseconds(150) }, TuneLimitKind.Latency);

    /// <summary>
    /// One process manages 25,000 entities/s at batches of 100 (40 µs of CPU an entity, more at smaller batches) and
    /// is saturated when offered more; each process adds as much; the service is no limit.
    /// </summary>
    public static readonly SurfaceModel ClientPlateau = new("client-plateau", k =>
    {
        var cpuMicroseconds = 20 + (2000.0 / k.BatchSize.Size);
        var perProcess = OneTask(k.BatchSize.Size) * k.Tasks;
        var saturated = perProcess > 1e6 / cpuMicroseconds;
        return Figures(k.Processes * Math.Min(perProcess, 1e6 / cpuMicroseconds), p99Ms: 2.5 * Unloaded(k.BatchSize.Size))
            with { ClientSaturated = saturated, CpuMicrosecondsPerEntity = cpuMicroseconds };
    }, Defaults, TuneLimitKind.Client);

    /// <summary>Nothing limits: every task adds one task's rate, up to the edge of the space.</summary>
    public static readonly SurfaceModel Unbounded = new("unbounded", k =>
        Figures(OneTask(k.BatchSize.Size) * k.Concurrency, p99Ms: 2.5 * Unloaded(k.BatchSize.Size)), Defaults, TuneLimitKind.SearchSpace);

    /// <summary>The latency wall with --p99 5ms: no knobs meet it, not even one entity a batch.</summary>
    public static readonly SurfaceModel LatencyNeverMet = LatencyWall with
    {
        Name = "latency-never-met", Constraints = Defaults with { P99 = TimeSpan.FromMilliseconds(5) },
    };

    /// <summary>Every run loses 5% of its entities.</summary>
    public static readonly SurfaceModel AlwaysFailing = Usl with
    {
        Name = "always-failing", Truth = k => Usl.Truth(k) with { FailedPercent = 5 }, Limit = TuneLimitKind.Failures,
    };

    public static readonly IReadOnlyList<SurfaceModel> WithOptimum = [Usl, ThrottlingCliff, CoarseCliff, LatencyWall, ClientPlateau, Unbounded];

    private static double Unloaded(int batchSize) => 10 + (0.2 * batchSize);

    private static double OneTask(int batchSize) => 1000 * batchSize / Unloaded(batchSize);

    private static double Wall(TuneKnobs k) =>
        20 + (0.05 * k.BatchSize.Size) + (0.5 * k.Concurrency) + (0.005 * k.Concurrency * k.BatchSize.Size);

    private static ProbeFigures Figures(double entitiesPerSecond, double p99Ms) => new()
    {
        EntitiesPerSecond = entitiesPerSecond,
        P50Ms = p99Ms / 2,
        P99Ms = p99Ms,
        ThrottledPercent = 0,
        FailedPercent = 0,
        ClientSaturated = false,
        CpuMicrosecondsPerEntity = 40,
    };
}
