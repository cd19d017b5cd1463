using System.Globalization;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Measurement.Confidence;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Run;

/// <summary>Every run's summary.json and printed result carry the intervals of its figures, computed from its own (merged) seconds.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed partial class ConfidenceIntervalTests(AzuriteFixture azurite, SharedRuns runs, ITestOutputHelper log) : IClassFixture<SharedRuns>, IDisposable
{
    // An interval needs ten blocks of seconds, so these runs measure 12 s; at a trickle, not flat out, since the seconds are what
    // the intervals are computed from (each second holds some ten batches of 10), and a fuller second proves nothing more.
    private const string OpenRate = "100";

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-confidence-").FullName;

    // Two runs of their own, started together: report merges them, and the first is a run of 12 s read alone as well.
    private Task<IReadOnlyList<FinishedRun>> TwoRunsAsync() => runs.OnceTogetherAsync("pair", azurite.ConnectionString, 2, (startAt, attempt, k) =>
        ["run", "--start-at", startAt, "--label", $"part{k}-{attempt}", "--tasks", "2", "--batch-size", "10", "--rate", OpenRate, "--duration", "12s", "--warmup", "1s", "--quiet"]);

    [Fact]
    public async Task Run_TwelveSeconds_SummaryHasIntervalsAroundItsFigures_AndThePrintedLineShowsTheMeanInterval()
    {
        var run = (await TwoRunsAsync())[0];
        var stdout = run.Stdout;
        log.WriteLine(stdout);

        var summary = run.Succeeded().Summary;
        var confidence = Assert.IsType<Measurement.Confidence.RunConfidence>(summary.Confidence);
        Assert.Equal(0.95, confidence.Level);
        Assert.Null(confidence.TooLittleData);
        Assert.True(confidence.MeanEntitiesPerSecond!.Value.Contains(summary.MeanEntitiesPerSecond), $"{confidence.MeanEntitiesPerSecond} around {summary.MeanEntitiesPerSecond}");
        Assert.True(confidence.LatencyMs!.P99.Contains(summary.LatencyMs.P99), $"{confidence.LatencyMs.P99} around {summary.LatencyMs.P99}");
        Assert.True(confidence.LatencyMs.P50.Contains(summary.LatencyMs.Median), $"{confidence.LatencyMs.P50} around {summary.LatencyMs.Median}");
        var printed = MeanLine().Match(stdout);
        Assert.True(printed.Success, stdout);
        Assert.Equal(Math.Round(confidence.MeanEntitiesPerSecond.Value.Lo), double.Parse(printed.Groups["lo"].Value, CultureInfo.InvariantCulture));
        Assert.Equal(Math.Round(confidence.MeanEntitiesPerSecond.Value.Hi), double.Parse(printed.Groups["hi"].Value, CultureInfo.InvariantCulture));
    }

    [Fact]
    public async Task Run_TwoSeconds_SaysTooLittleDataInTheSummaryAndThePrintedResult()
    {
        var output = Path.Combine(_root, "short");
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--duration", "2s", "--warmup", "0s", "--tasks", "2", "--batch-size", "10", "--rate", OpenRate, "--output", output, "--quiet"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var confidence = new ResultFolder(output).Summary.Confidence!;
        Assert.Null(confidence.MeanEntitiesPerSecond);
        Assert.Null(confidence.LatencyMs);
        Assert.StartsWith("too little data: 2.0 s measured", confidence.TooLittleData, StringComparison.Ordinal);
        Assert.Contains($"(95% CI: {confidence.TooLittleData})", stdout, StringComparison.Ordinal);
        Assert.Contains("| too little data |", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_TwoProcesses_IntervalOfTheRunIsOfTheMergedSeconds_AndEachProcessHasItsOwn()
    {
        var output = Path.Combine(_root, "fleet");
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--processes", "2", "--duration", "12s", "--warmup", "1s", "--tasks", "2", "--batch-size", "10", "--rate", OpenRate, "--output", output, "--quiet"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        AssertIntervalOfTheSum(new ResultFolder(output).Summary, new ResultFolder(output).Summary.PerProcess);
    }

    [Fact]
    public async Task Report_TwoRunsMergedWithALabel_IntervalIsOfTheMergedSeconds()
    {
        var instances = await TwoRunsAsync();
        var parts = instances.Select(instance => instance.Succeeded().Summary).ToList();

        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", .. instances.Select(instance => instance.Output), "--label", "both", "--output", merged], connectionString: null);

        Assert.True(report.ExitCode == 0, report.Stderr);
        AssertIntervalOfTheSum(new ResultFolder(merged).Summary, parts);
        Assert.Matches(MeanLine(), report.Stdout);
    }

    /// <summary>
    /// Batch means centre the interval on the entities over the measured time of the seconds it was computed from: the merged
    /// seconds' own mean, which no part's seconds give (each part's interval centres on its own mean).
    /// </summary>
    private void AssertIntervalOfTheSum(RunSummary whole, IReadOnlyList<RunSummary> parts)
    {
        var mean = whole.Confidence!.MeanEntitiesPerSecond!.Value;
        log.WriteLine($"whole {mean} around {whole.MeanEntitiesPerSecond}; parts {string.Join(", ", parts.Select(p => $"{p.Confidence?.MeanEntitiesPerSecond} around {p.MeanEntitiesPerSecond}"))}");
        Assert.Equal(2, parts.Count);
        AssertCentredOn(whole.MeanEntitiesPerSecond, mean);
        // The whole is the parts' sum, not one part: its entities are theirs together, over its own measured seconds. (Not "each part
        // below 0.75 of the whole": a busy machine may starve one part, and how the parts share the load is the machine's.)
        Assert.All(parts, p => Assert.True(p.EntitiesSucceeded > 0, "a part stored nothing, so the sum would be that of one part"));
        Assert.Equal(parts.Sum(p => p.EntitiesSucceeded), whole.EntitiesSucceeded);
        Assert.Equal(whole.EntitiesSucceeded / whole.MeasuredSeconds, whole.MeanEntitiesPerSecond, whole.MeanEntitiesPerSecond * 1e-9);
        Assert.All(parts, p => AssertCentredOn(p.MeanEntitiesPerSecond, p.Confidence!.MeanEntitiesPerSecond!.Value));
        Assert.True(whole.Confidence.LatencyMs!.P99.Contains(whole.LatencyMs.P99), $"{whole.Confidence.LatencyMs.P99} around {whole.LatencyMs.P99}");
    }

    /// <summary>
    /// The interval is centred on the mean, except where its low end would be below 0 e/s and is held at 0: a busy machine's
    /// starved seconds vary that much (load average 50 once gave 37.5 e/s, 95% CI 0–120), and the mean is then within it.
    /// </summary>
    private static void AssertCentredOn(double mean, ConfidenceInterval interval)
    {
        if (interval.Lo > 0)
        {
            Assert.Equal(mean, (interval.Lo + interval.Hi) / 2, mean * 1e-9);
        }
        else
        {
            Assert.InRange(mean, 0, interval.Hi / 2);
        }
    }

    [GeneratedRegex(@"mean e/s: [0-9.]+ \(95% CI (?<lo>[0-9]+)–(?<hi>[0-9]+)\); goodput")]
    private static partial Regex MeanLine();

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
