using Microsoft.Extensions.Time.Testing;
using TableLoad.Tune;

namespace TableLoad.Tests.Tune.Search;

/// <summary>
/// Answers probes from a <see cref="SurfaceModel"/> with seeded noise (throughput, p99 and throttling each within
/// ±3%, the same for the same knobs and seed) and moves the fake clock by the probe's duration.
/// </summary>
internal sealed class SyntheticSurface(SurfaceModel model, int seed, FakeTimeProvider time, TimeSpan probeDuration) : IProbeRunner
{
    public const double Noise = 0.03;

    private readonly List<TuneKnobs> _asked = [];

    /// <summary>Every knobs asked for, in order.</summary>
    public IReadOnlyList<TuneKnobs> Asked => _asked;

    public Task<ProbeFigures?> ProbeAsync(TuneKnobs knobs, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        _asked.Add(knobs);
        time.Advance(probeDuration);

        // System.Random with a seed is stable across runs and platforms; the knobs pick its stream.
        var random = new Random((seed * 1_000_003) + (knobs.Processes * 1_000_000) + (knobs.Tasks * 1000) + knobs.BatchSize.Size);
        double Jitter() => 1 + (Noise * ((2 * random.NextDouble()) - 1));
        var truth = model.Truth(knobs);
        return Task.FromResult<ProbeFigures?>(truth with
        {
            EntitiesPerSecond = truth.EntitiesPerSecond * Jitter(),
            P99Ms = truth.P99Ms * Jitter(),
            ThrottledPercent = truth.ThrottledPercent * Jitter(),
        });
    }
}
