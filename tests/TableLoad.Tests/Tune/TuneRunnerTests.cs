using System.CommandLine;
using Microsoft.Extensions.Logging.Abstractions;
using TableLoad.ChildRuns;
using TableLoad.Cli;
using TableLoad.Reporting;
using TableLoad.Sweep;
using TableLoad.Tests.Sweep;
using TableLoad.Tests.TestSupport;
using TableLoad.Tune;

namespace TableLoad.Tests.Tune;

/// <summary>The tune runner with probes answered by a scripted target: what it confirms, recommends and writes.</summary>
public sealed class TuneRunnerTests : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-tune-runner-").FullName;

    private TuneSettings Settings(params string[] more)
    {
        var options = new TuneOptions();
        var command = new Command("tune");
        foreach (var option in options.All)
        {
            command.Add(option);
        }

        var parse = command.Parse(["--max-tasks", "16", "--max-processes", "1", "--batch-size", "50,100", "--duration", "2s", "--confirm", "2", "--close-rounds", "0", "--output", _output, .. more]);
        Assert.Empty(parse.Errors);
        return TuneSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, _ => null);
    }

    // 100 batches measured; the throttled ones out of them, and entities/s as given.
    private static string Summary(double entitiesPerSecond, long throttledBatches, int batchSize) => CellSummaries.Json(CellSummaries.Summary(
        succeeded: (100 - throttledBatches) * batchSize, failed: throttledBatches * batchSize, serverBusy: throttledBatches, operationTimedOut: 0, tooManyRequests: 0, clientTimeouts: 0)
        with { MeanEntitiesPerSecond = entitiesPerSecond });

    private static string Summary(double entitiesPerSecond, double p99)
    {
        var summary = CellSummaries.Summary(succeeded: 100 * 100, failed: 0, serverBusy: 0, operationTimedOut: 0, tooManyRequests: 0, clientTimeouts: 0);
        // Runs too short for an interval of their own: the run-to-run share alone is their noise.
        return CellSummaries.Json(summary with { MeanEntitiesPerSecond = entitiesPerSecond, LatencyMs = summary.LatencyMs with { P99 = p99 }, Confidence = null });
    }

    private async Task<(int ExitCode, string Output, TuneDescription Tune, FakeCellLauncher Launcher)> TuneAsync(Func<SweepCell, string> target)
    {
        var launcher = new FakeCellLauncher((cell, _) => (0, target(cell)));
        using var output = new StringWriter();
        using var signals = new ChildRunSignals();
        var exitCode = await new TuneRunner(Settings(), launcher, output, NullLogger.Instance, TimeProvider.System).RunAsync(signals);
        return (exitCode, output.ToString(), ResultJson.Read(Path.Combine(_output, ResultFiles.TuneJson), TuneJson.Description), launcher);
    }

    [Fact]
    public async Task WhenTheBestsGainIsWithinNoise_TheCheaperProbeIsRecommended_AndTheChoiceSaysWhy()
    {
        // The user's Azurite: four tasks store 1.4% more than one, at five times the p99.
        var (exitCode, output, tune, _) = await TuneAsync(cell => (cell.Tasks, cell.BatchSize.Size, cell.Repeat) switch
        {
            (1, 100, 1) => Summary(2_000, 46),
            (1, 100, var pass) => Summary(pass == 2 ? 1_990 : 2_010, 46),
            (4, 100, _) => Summary(2_028, 237),
            _ => Summary(1_500, 300),
        });

        Assert.True(exitCode == ExitCodes.Success, output);
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        Assert.Equal((1, 1, 100), (recommendation.Processes, recommendation.Tasks, recommendation.BatchSize));
        const string Why = "p1-t1-b100 chosen over p1-t4-b100: p1-t4-b100's +1.4% e/s (95% CI −16% to +23%) is within noise, at 4× the tasks and 5.2× the p99.";
        Assert.Equal(Why, recommendation.Choice);
        Assert.Contains($"choice: {Why}", output, StringComparison.Ordinal);
        // Two confirm runs 20 e/s apart: their t interval, and no run more.
        Assert.Equal((2_000.0, 2, 1_872.9, 2_127.1), (recommendation.EntitiesPerSecondMean, tune.Probes.Count(p => p.Role == TuneRow.ConfirmRole), Math.Round(recommendation.EntitiesPerSecondCiLow, 1), Math.Round(recommendation.EntitiesPerSecondCiHigh, 1)));
        Assert.Contains("| 2,000 (1,873–2,127) |", output, StringComparison.Ordinal);
        var loser = Assert.Single(tune.Losers, l => l.Cell == "sdk-p1-t4-b100-e1024-single-r1");
        Assert.Equal("2,028 e/s, +1.4% e/s (95% CI −12% to +16%) against the recommendation's 2,000 e/s: within noise, and the recommendation costs less", loser.Reason);
    }

    [Fact]
    public async Task ARiseWithinNoise_IsAPlateau_NotTheSearchSpace()
    {
        var (exitCode, output, tune, _) = await TuneAsync(cell => (cell.Tasks, cell.BatchSize.Size) switch
        {
            (1, 100) => Summary(2_000, 46),
            (4, 100) => Summary(2_100, 90),
            _ => Summary(1_500, 300),
        });

        Assert.True(exitCode == ExitCodes.Success, output);
        Assert.Equal(("plateau", "sdk-p1-t4-b100-e1024-single-r1"), (tune.Limit.Kind, tune.Limit.EvidenceCell));
        Assert.Contains("throughput stopped growing at about 2,000 e/s (p1-t1-b100) with every constraint met; more concurrency only adds latency (2,100 e/s, +5.0% e/s (95% CI ", tune.Limit.Sentence, StringComparison.Ordinal);
        Assert.Contains("within noise, and p99 90.0 ms at p1-t4-b100).", tune.Limit.Sentence, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ConfirmRunsFarApart_AreJoinedByMore_WhileTheIntervalIsWide_AtMostThreeMore()
    {
        var (exitCode, output, tune, launcher) = await TuneAsync(cell => (cell.Tasks, cell.BatchSize.Size, cell.Repeat) switch
        {
            (1, 100, 1) => Summary(2_000, 46),
            (1, 100, var pass) => Summary(pass % 2 == 0 ? 1_500 : 2_500, 46),
            _ => Summary(1_500, 300),
        });

        Assert.True(exitCode == ExitCodes.Success, output);
        Assert.Equal([2, 3, 4, 5, 6], launcher.Launched.Where(c => c.Repeat > 1).Select(c => c.Repeat));
        Assert.Contains("confirm 3 (the e/s interval was wider than ±10%) p1-t1-b100: 1,500 e/s", output, StringComparison.Ordinal);
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        Assert.True(recommendation.ConstraintsHeld);
        Assert.Equal(1_900, recommendation.EntitiesPerSecondMean, 1e-9);
        Assert.InRange(recommendation.EntitiesPerSecondCiLow, 1_000, 1_900);
    }

    [Fact]
    public async Task WhenEveryProbePassedOnABurst_TheBestIsSetAside_AndOneStepBelowItIsConfirmedAndRecommended()
    {
        // One task of 100 passes its short probe but throttles when it runs longer; four tasks throttle at once.
        var launcher = new FakeCellLauncher((cell, _) => (0, (cell.Tasks, cell.BatchSize.Size, cell.Repeat) switch
        {
            (1, 100, 1) => Summary(2_100, 0, 100),
            (1, 100, _) => Summary(2_000, 10, 100),
            (1, 50, _) => Summary(1_500, 0, 50),
            _ => Summary(2_000, 50, cell.BatchSize.Size),
        }));
        using var output = new StringWriter();
        using var signals = new ChildRunSignals();

        var exitCode = await new TuneRunner(Settings(), launcher, output, NullLogger.Instance, TimeProvider.System).RunAsync(signals);

        Assert.Equal(ExitCodes.Success, exitCode);
        var tune = ResultJson.Read(Path.Combine(_output, ResultFiles.TuneJson), TuneJson.Description);
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        Assert.Equal((1, 1, 50, true, 1_500.0), (recommendation.Processes, recommendation.Tasks, recommendation.BatchSize, recommendation.ConstraintsHeld, recommendation.EntitiesPerSecondMean));
        Assert.Contains(new TuneLoser("sdk-p1-t1-b100-e1024-single-r1", "met the constraints in its probe but broke one in its confirm runs"), tune.Losers);
        Assert.Equal(
            ["sdk-p1-t1-b100-e1024-single-r2", "sdk-p1-t1-b100-e1024-single-r3", "sdk-p1-t1-b50-e1024-single-r2", "sdk-p1-t1-b50-e1024-single-r3"],
            tune.Probes.Where(p => p.Role == TuneRow.ConfirmRole).Select(p => p.Cell));
        Assert.EndsWith("tableload run --tasks 1 --batch-size 50 --warmup 3s --duration 4s", output.ToString().TrimEnd(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("reordered, with a column added")]
    [InlineData("written before sweep.csv gained its operation column")]
    public async Task Resume_ReadsTuneCsvByItsHeader_AndRunsNoProbeAgain(string edit)
    {
        var first = new FakeCellLauncher((cell, _) => (0, Summary(1_000 * cell.Tasks, 0, cell.BatchSize.Size)));
        using (var signals = new ChildRunSignals())
        {
            Assert.Equal(ExitCodes.Success, await new TuneRunner(Settings(), first, new StringWriter(), NullLogger.Instance, TimeProvider.System).RunAsync(signals));
        }

        var csvPath = Path.Combine(_output, ResultFiles.TuneCsv);
        var lines = File.ReadAllLines(csvPath).Select(l => CsvLine.Split(l)).ToList();
        var operation = lines[0].ToList().IndexOf("operation");
        File.WriteAllLines(csvPath, edit.StartsWith("reordered", StringComparison.Ordinal)
            ? lines.Select((fields, i) => string.Join(',', Enumerable.Reverse(fields).Append(i == 0 ? "note" : "seen")))
            : lines.Select(fields => string.Join(',', fields.Where((_, i) => i != operation))));
        var resumed = new FakeCellLauncher((cell, _) => (0, Summary(1_000 * cell.Tasks, 0, cell.BatchSize.Size)));
        using var output = new StringWriter();
        using var again = new ChildRunSignals();

        var exitCode = await new TuneRunner(Settings("--resume"), resumed, output, NullLogger.Instance, TimeProvider.System).RunAsync(again);

        Assert.True(exitCode == ExitCodes.Success, output.ToString());
        Assert.Empty(resumed.Launched);
        Assert.Contains("(from tune.csv)", output.ToString(), StringComparison.Ordinal);
        Assert.Equal(first.Launched.Count, File.ReadAllLines(csvPath).Length - 1);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
