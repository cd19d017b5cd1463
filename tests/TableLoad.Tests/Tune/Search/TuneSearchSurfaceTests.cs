using System.Globalization;
using Microsoft.Extensions.Time.Testing;
using TableLoad.Measurement.Gates;
using TableLoad.Tune;
using TableLoad.Tune.Search;
using Xunit.Abstractions;

namespace TableLoad.Tests.Tune.Search;

public sealed class TuneSearchSurfaceTests(ITestOutputHelper output)
{
    // The sweep grid issue 21 compares with: tasks up to 64, four batch sizes, one process.
    private static readonly TuneSpace Grid = new(64, 1, [10, 25, 50, 100]);

    // tune's defaults on a two-core machine: any batch size, up to 256 tasks and 2 processes.
    private static readonly TuneSpace Default = new(TuneSpace.DefaultMaxTasks, 2, null);

    // tune must take a third of the 28-cell grid's time, two confirm runs of about two probes each included: 6 or 7 probes.
    private const int MaxProbesOnTheGrid = 7;

    // tune's defaults add batch sizes 1..100, tasks to 256 and a second process: a probe more at most.
    private const int MaxProbesByDefault = 8;

    private static readonly TimeSpan ProbeDuration = TimeSpan.FromSeconds(15);

    public static TheoryData<string, string, int> Cases()
    {
        var cases = new TheoryData<string, string, int>();
        foreach (var surface in Surfaces.WithOptimum)
        {
            foreach (var space in new[] { nameof(Grid), nameof(Default) })
            {
                foreach (var seed in new[] { 1, 2, 3, 4, 5 })
                {
                    cases.Add(surface.Name, space, seed);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task RunAsync_OnASurface_FindsWithinTenPercentOfTheOptimum_InFewProbes_AndNamesItsLimit(string surfaceName, string spaceName, int seed)
    {
        var surface = Surfaces.WithOptimum.Single(s => s.Name == surfaceName);
        var space = spaceName == nameof(Grid) ? Grid : Default;
        var optimum = surface.Optimum(space)!.Value;

        var outcome = await RunAsync(surface, space, seed);

        foreach (var probe in outcome.Probes)
        {
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{probe.Ordinal} {probe.Step} {probe.Knobs} {probe.Figures?.EntitiesPerSecond:F0} e/s p99 {probe.Figures?.P99Ms:F0} ms {probe.Verdict}"));
        }

        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"optimum {optimum.Knobs} {optimum.EntitiesPerSecond:F0} e/s; limit {outcome.Limit.Kind} at {outcome.Limit.Evidence?.Knobs}"));
        Assert.Equal(TuneStop.Finished, outcome.Stop);
        Assert.NotNull(outcome.Best);
        // The search finds the optimum; a cheaper probe is the answer only when the best's gain over it is within noise.
        Assert.InRange(surface.Truth((outcome.Cheaper?.Best ?? outcome.Best).Knobs).EntitiesPerSecond, 0.9 * optimum.EntitiesPerSecond, double.MaxValue);
        Assert.NotEqual(ComparisonVerdict.Better, outcome.Cheaper?.Gain.Verdict);
        Assert.Equal(surface.Limit, outcome.Limit.Kind);
        Assert.NotNull(outcome.Limit.Evidence);
        Assert.Equal(surface.Limit is TuneLimitKind.SearchSpace ? TuneLimitKind.Plateau : surface.Limit, TuneCeiling.KindOf(outcome.Limit.Evidence.Verdict));
        Assert.Equal(outcome.Probes.Count, outcome.Probes.Select(p => p.Knobs).Distinct().Count());
        Assert.InRange(outcome.Probes.Count, 1, spaceName == nameof(Grid) ? MaxProbesOnTheGrid : MaxProbesByDefault);
    }

    private static Task<TuneOutcome> RunAsync(SurfaceModel surface, TuneSpace space, int seed)
    {
        var time = new FakeTimeProvider();
        var budget = new TuneBudget(TuneBudget.DefaultTotal, ProbeDuration, TimeSpan.Zero);
        var search = new TuneSearch(space, surface.Constraints, budget, time);
        return search.RunAsync(new SyntheticSurface(surface, seed, time, ProbeDuration), null, CancellationToken.None);
    }
}
