using System.CommandLine;
using TableLoad.Tests.TestSupport;
using TableLoad.Tune;

namespace TableLoad.Tests.Tune;

public sealed class TuneExplanationTests
{
    private static TuneSettings Settings(params string[] args) => TuneArguments.Settings(new DateTimeOffset(2026, 11, 25, 20, 0, 0, TimeSpan.Zero), args);

    private static TunedProbe Probe(int ordinal, int tasks, double rate, ProbeVerdict verdict, double throttled = 0, double p99 = 50) =>
        new(ordinal, new TuneKnobs(1, tasks, 100), new ProbeFigures
        {
            EntitiesPerSecond = rate, P50Ms = 20, P99Ms = p99, ThrottledPercent = throttled, FailedPercent = 0, ClientSaturated = false, CpuMicrosecondsPerEntity = 30,
        }, verdict, "climb");

    [Fact]
    public void Service_NamesTheThrottledProbeAndThePartitionStrategy()
    {
        var best = Probe(1, 4, 1900, ProbeVerdict.Meets);
        var throttled = Probe(2, 16, 2050, ProbeVerdict.Throttled, throttled: 12.5);
        var outcome = new TuneOutcome([best, throttled], best, null, new TuneLimit(TuneLimitKind.Service, throttled), TuneStop.Finished);

        var single = TuneExplanation.LimitSentence(outcome, Settings());
        var spread = TuneExplanation.LimitSentence(outcome, Settings("--partitions", "spread:8"));

        Assert.StartsWith("The service is the limit: at p1-t16-b100 it throttled 12.5% of batches (over 1%) while storing 2,050 e/s: a partition's scalability target", single, StringComparison.Ordinal);
        Assert.Contains("--partitions single sends every batch to one partition", single, StringComparison.Ordinal);
        Assert.Contains("with --partitions spread:8.", spread, StringComparison.Ordinal);
    }

    [Fact]
    public void Plateau_SaysTheBestRateAndWhatMoreConcurrencyCost()
    {
        var best = Probe(2, 4, 2600, ProbeVerdict.Meets);
        var above = Probe(3, 16, 2033, ProbeVerdict.Meets, p99: 1470.5);
        var outcome = new TuneOutcome([Probe(1, 1, 1333, ProbeVerdict.Meets), best, above], best, null, new TuneLimit(TuneLimitKind.Plateau, above), TuneStop.Finished);

        Assert.Equal(
            "The target's capacity for this load is the limit: throughput stopped growing at about 2,600 e/s (p1-t4-b100) with every constraint met; more concurrency only adds latency (2,033 e/s and p99 1470.5 ms at p1-t16-b100).",
            TuneExplanation.LimitSentence(outcome, Settings()).Replace(" (p1-t16-b100)", " at p1-t16-b100", StringComparison.Ordinal));
    }

    [Fact]
    public void Losers_SayTheConstraintBroken_HowMuchLessTheyGaveBeyondNoise_OrThatTheirConfirmRunsBrokeOne()
    {
        var best = Probe(3, 4, 2000, ProbeVerdict.Meets);
        var slower = Probe(1, 1, 1500, ProbeVerdict.Meets);
        var slow = Probe(2, 16, 2100, ProbeVerdict.LatencyOver, p99: 420);
        var setAside = Probe(4, 8, 2400, ProbeVerdict.Meets);
        var outcome = new TuneOutcome([slower, slow, best, setAside], best, null, new TuneLimit(TuneLimitKind.Latency, slow), TuneStop.Finished);

        var losers = TuneExplanation.Losers(outcome, [setAside], Settings("--p99", "300ms"));

        Assert.Equal(
            [
                new TuneLoser("sdk-p1-t1-b100-e1024-single-r1", "1,500 e/s, −25.0% e/s (95% CI −38% to −9%) against the recommendation's 2,000 e/s: below it beyond noise"),
                new TuneLoser("sdk-p1-t16-b100-e1024-single-r1", "p99 420.0 ms (over 300.0 ms)"),
                new TuneLoser("sdk-p1-t8-b100-e1024-single-r1", "met the constraints in its probe but broke one in its confirm runs"),
            ],
            losers);
    }

    [Fact]
    public void TheReproducingCommand_NamesWhatDiffersFromRunsDefaults_AndTheUsersRunOptions_QuotedForTheShell()
    {
        var settings = Settings("--client", "wire", "--retries", "2", "--key-prefix", "it's", "--confirm-duration", "30s");

        Assert.Equal(
            "tableload run --client wire --tasks 24 --batch-size 50 --key-prefix 'it'\\''s' --retries 2 --warmup 3s --duration 30s",
            ReproducingCommand.For(settings, new TuneKnobs(1, 24, 50)));
        Assert.Equal("tableload run --processes 2 --tasks 8 --warmup 3s --duration 20s", ReproducingCommand.For(Settings(), new TuneKnobs(2, 8, 100)));
    }

    [Fact]
    public void Defaults_AreTheDocumentedOnes()
    {
        var settings = Settings();

        Assert.Equal(new TuneSpace(TuneSpace.DefaultMaxTasks, Environment.ProcessorCount, null), settings.Space);
        Assert.Equal(new TuneConstraints(null, 1, 1), settings.Constraints);
        Assert.Equal((TimeSpan.FromMinutes(10), 2, TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(20), TimeSpan.FromSeconds(3)), (settings.Budget, settings.Confirm, settings.ProbeDuration, settings.ConfirmDuration, settings.Warmup));
        Assert.Equal(Path.Combine("results", "tune-20261125-200000"), settings.OutputDirectory);
        Assert.Empty(settings.RunArguments);
    }

    [Fact]
    public void ASampleEntity_GoesToEveryProbe_WhichIsGivenNoEntitySize_AndAnEntitySizeBesideItIsRefused()
    {
        var sample = Path.Combine(RepositoryRoot(), "examples", "typical.json");
        var settings = Settings("--entity", sample);

        Assert.Equal("sdk-p1-t8-b50-entity-single-r1", settings.Cell(new TuneKnobs(1, 8, 50)).Name);
        Assert.Equal($"tableload run --tasks 8 --batch-size 50 --entity {sample} --warmup 3s --duration 20s", ReproducingCommand.For(settings, new TuneKnobs(1, 8, 50)));
        var refusal = Assert.Throws<TableLoad.Settings.UsageException>(() => Settings("--entity", sample, "--entity-size", "2048"));
        Assert.StartsWith("--entity-size contradicts --entity ", refusal.Message, StringComparison.Ordinal);
    }

    private static string RepositoryRoot()
    {
        var directory = new DirectoryInfo(AppContext.BaseDirectory);
        while (directory is not null && !Directory.Exists(Path.Combine(directory.FullName, "examples")))
        {
            directory = directory.Parent;
        }

        return directory?.FullName ?? throw new DirectoryNotFoundException("no examples/ above the tests");
    }
}
