using Microsoft.Extensions.Time.Testing;
using TableLoad.Storage;
using TableLoad.Tune;
using TableLoad.Tune.Search;

namespace TableLoad.Tests.Tune.Search;

public sealed class TuneSearchTests
{
    private static readonly TuneSpace Space = new(TuneSpace.DefaultMaxTasks, 2, null);
    private static readonly TimeSpan ProbeDuration = TimeSpan.FromSeconds(15);
    private static readonly TuneBudget Roomy = new(TuneBudget.DefaultTotal, ProbeDuration, TimeSpan.Zero);

    private static TuneSearch CreateSut(SurfaceModel surface, FakeTimeProvider time, TuneBudget? budget = null) =>
        new(Space, surface.Constraints, budget ?? Roomy, time);

    private static async Task<TuneOutcome> RunAsync(
        SurfaceModel surface, TuneBudget? budget = null, TimeSpan? probeDuration = null, Func<TunedProbe, Task>? onProbe = null)
    {
        var time = new FakeTimeProvider();
        var runner = new SyntheticSurface(surface, seed: 1, time, probeDuration ?? ProbeDuration);
        return await CreateSut(surface, time, budget).RunAsync(runner, onProbe, CancellationToken.None);
    }

    [Fact]
    public async Task RunAsync_TightBudget_StopsEarly_WithTheBestSoFar_AndTheBudgetAsLimit()
    {
        var outcome = await RunAsync(Surfaces.Usl, new TuneBudget(TimeSpan.FromSeconds(40), ProbeDuration, TimeSpan.Zero));

        Assert.Equal(TuneStop.Budget, outcome.Stop);
        Assert.Equal(2, outcome.Probes.Count);
        Assert.Same(outcome.Probes[1], outcome.Best);
        Assert.Equal(TuneLimitKind.Budget, outcome.Limit.Kind);
    }

    [Fact]
    public async Task RunAsync_ProbesLongerThanTheEstimate_EstimatesTheNextByTheLongest()
    {
        // By the 1 s estimate a third 60 s probe would start at 120 s; by the longest seen it would end at 180 s.
        var outcome = await RunAsync(Surfaces.Usl, new TuneBudget(TimeSpan.FromSeconds(150), TimeSpan.FromSeconds(1), TimeSpan.Zero), TimeSpan.FromSeconds(60));

        Assert.Equal(TuneStop.Budget, outcome.Stop);
        Assert.Equal(2, outcome.Probes.Count);
    }

    [Fact]
    public async Task RunAsync_ReservedTime_IsLeftForTheConfirmRuns()
    {
        var outcome = await RunAsync(Surfaces.Usl, new TuneBudget(TimeSpan.FromSeconds(300), TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(100)), TimeSpan.FromSeconds(60));

        Assert.Equal(TuneStop.Budget, outcome.Stop);
        Assert.Equal(3, outcome.Probes.Count);
    }

    [Fact]
    public async Task RunAsync_BudgetShorterThanOneProbe_RunsNone()
    {
        var outcome = await RunAsync(Surfaces.Usl, new TuneBudget(TimeSpan.FromSeconds(10), ProbeDuration, TimeSpan.Zero));

        Assert.Equal(TuneStop.Budget, outcome.Stop);
        Assert.Empty(outcome.Probes);
        Assert.Null(outcome.Best);
        Assert.Equal(new TuneLimit(TuneLimitKind.Budget, null), outcome.Limit);
    }

    [Fact]
    public async Task RunAsync_CancelledDuringAProbe_ReturnsTheProbesBefore_Interrupted()
    {
        var time = new FakeTimeProvider();
        using var stop = new CancellationTokenSource();
        var runner = new CancellingRunner(new SyntheticSurface(Surfaces.ThrottlingCliff, 1, time, ProbeDuration), stop, onCall: 3);

        var outcome = await CreateSut(Surfaces.ThrottlingCliff, time).RunAsync(runner, null, stop.Token);

        Assert.Equal(TuneStop.Interrupted, outcome.Stop);
        Assert.Equal(3, runner.Calls);
        Assert.Equal([new(1, 1, 100), new(1, 4, 100)], outcome.Probes.Select(p => p.Knobs));
        Assert.Same(outcome.Probes[1], outcome.Best);
    }

    [Fact]
    public async Task RunAsync_AlreadyCancelled_RunsNothing()
    {
        var time = new FakeTimeProvider();
        var runner = new SyntheticSurface(Surfaces.Usl, 1, time, ProbeDuration);

        var outcome = await CreateSut(Surfaces.Usl, time).RunAsync(runner, null, new CancellationToken(canceled: true));

        Assert.Equal(TuneStop.Interrupted, outcome.Stop);
        Assert.Empty(runner.Asked);
    }

    [Theory]
    [InlineData("usl", 0)]
    [InlineData("latency-wall", 3)]
    [InlineData("client-plateau", 4)]
    [InlineData("throttling-cliff", 100)]
    public async Task RunAsync_ResumedFromTheAnswersOfAnEarlierRun_TakesTheSamePath(string surfaceName, int answersKept)
    {
        var surface = Surfaces.WithOptimum.Single(s => s.Name == surfaceName);
        var first = await RunAsync(surface);
        var cache = first.Probes.Take(answersKept).ToDictionary(p => p.Knobs, p => p.Figures);

        // Answers from the cache come at once, unlike the live ones: the path must not depend on the clock.
        var time = new FakeTimeProvider();
        var runner = new CachedRunner(cache, new SyntheticSurface(surface, seed: 1, time, ProbeDuration));
        var again = await CreateSut(surface, time).RunAsync(runner, null, CancellationToken.None);

        Assert.Equal(first.Probes.Select(p => (p.Knobs, p.Step, p.Verdict)), again.Probes.Select(p => (p.Knobs, p.Step, p.Verdict)));
        Assert.Equal(Math.Min(answersKept, first.Probes.Count), runner.FromCache);
        Assert.Equal(first.Best?.Knobs, again.Best?.Knobs);
        Assert.Equal(first.Limit.Kind, again.Limit.Kind);
    }

    [Fact]
    public async Task RunAsync_CallsOnProbe_AfterEachProbe_InOrder()
    {
        var seen = new List<TunedProbe>();

        var outcome = await RunAsync(Surfaces.ClientPlateau, onProbe: p =>
        {
            seen.Add(p);
            return Task.CompletedTask;
        });

        Assert.Equal(outcome.Probes, seen);
        Assert.Equal(Enumerable.Range(1, seen.Count), seen.Select(p => p.Ordinal));
    }

    [Theory]
    [InlineData("latency-never-met")]
    [InlineData("always-failing")]
    public async Task RunAsync_NothingMeets_RecommendsNothing_AndNamesTheClosestProbesConstraint(string surfaceName)
    {
        var surface = new[] { Surfaces.LatencyNeverMet, Surfaces.AlwaysFailing }.Single(s => s.Name == surfaceName);

        var outcome = await RunAsync(surface);

        Assert.Null(outcome.Best);
        Assert.Equal(TuneStop.Finished, outcome.Stop);
        Assert.Equal(surface.Limit, outcome.Limit.Kind);
        Assert.Equal(outcome.Probes.MaxBy(p => p.Figures!.EntitiesPerSecond), outcome.Limit.Evidence);

        // One task at each batch size of the ladder, and no more.
        Assert.Equal(BatchSizeLadder.Of(Space).Select(size => new TuneKnobs(1, 1, size)), outcome.Probes.Select(p => p.Knobs));
    }

    [Fact]
    public async Task RunAsync_FitsTheLawToTheClimb_NearTheSurfacesPeak()
    {
        var outcome = await RunAsync(Surfaces.Usl);

        Assert.NotNull(outcome.Fit);
        Assert.Equal(100, outcome.Fit.BatchSize);
        Assert.InRange(outcome.Fit.RSquared, 0.95, 1);
        Assert.InRange(outcome.Fit.PeakConcurrency, 40, 60);
    }

    [Fact]
    public async Task RunAsync_SingleWrites_ClimbsTasksAlone_EveryProbeSendingSingleWrites()
    {
        var time = new FakeTimeProvider();
        var search = new TuneSearch(Space with { BatchSizes = [Batching.None] }, Surfaces.Usl.Constraints, Roomy, time);

        var outcome = await search.RunAsync(new SyntheticSurface(Surfaces.Usl, seed: 1, time, ProbeDuration), onProbe: null, CancellationToken.None);

        Assert.All(outcome.Probes, p => Assert.Equal(Batching.None, p.Knobs.BatchSize));
        Assert.True(outcome.Probes.Select(p => p.Knobs.Tasks).Distinct().Count() >= 3, string.Join(", ", outcome.Probes.Select(p => p.Knobs)));
        Assert.Equal(Batching.None, outcome.Best?.Knobs.BatchSize);
    }

    [Fact]
    public async Task RunAsync_ThrottlingCliff_NamesTheFirstThrottledProbeAsEvidence()
    {
        var outcome = await RunAsync(Surfaces.ThrottlingCliff);

        Assert.Equal(TuneLimitKind.Service, outcome.Limit.Kind);
        Assert.Equal(outcome.Probes.First(p => p.Verdict == ProbeVerdict.Throttled), outcome.Limit.Evidence);
    }

    /// <summary>Cancels the search's token during the given call, as Ctrl+C would during a probe.</summary>
    private sealed class CancellingRunner(IProbeRunner inner, CancellationTokenSource stop, int onCall) : IProbeRunner
    {
        public int Calls { get; private set; }

        public Task<ProbeFigures?> ProbeAsync(TuneKnobs knobs, CancellationToken cancellationToken)
        {
            if (++Calls == onCall)
            {
                stop.Cancel();
            }

            return inner.ProbeAsync(knobs, cancellationToken);
        }
    }

    /// <summary>Answers knobs already run from their recorded figures, as --resume does, and the rest live.</summary>
    private sealed class CachedRunner(IReadOnlyDictionary<TuneKnobs, ProbeFigures?> cache, IProbeRunner live) : IProbeRunner
    {
        public int FromCache { get; private set; }

        public Task<ProbeFigures?> ProbeAsync(TuneKnobs knobs, CancellationToken cancellationToken)
        {
            if (!cache.TryGetValue(knobs, out var figures))
            {
                return live.ProbeAsync(knobs, cancellationToken);
            }

            FromCache++;
            return Task.FromResult(figures);
        }
    }
}
