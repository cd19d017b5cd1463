using System.CommandLine;
using Microsoft.Extensions.Logging.Abstractions;
using TableLoad.ChildRuns;
using TableLoad.Cli;
using TableLoad.Reporting;
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

        var parse = command.Parse(["--max-tasks", "16", "--max-processes", "1", "--batch-size", "50,100", "--duration", "2s", "--confirm", "2", "--output", _output, .. more]);
        Assert.Empty(parse.Errors);
        return TuneSettingsFactory.Create(parse, options, DateTimeOffset.UtcNow, _ => null);
    }

    // 100 batches measured; the throttled ones out of them, and entities/s as given.
    private static string Summary(double entitiesPerSecond, long throttledBatches, int batchSize) => CellSummaries.Json(CellSummaries.Summary(
        succeeded: (100 - throttledBatches) * batchSize, failed: throttledBatches * batchSize, serverBusy: throttledBatches, operationTimedOut: 0, tooManyRequests: 0, clientTimeouts: 0)
        with { MeanEntitiesPerSecond = entitiesPerSecond });

    [Fact]
    public async Task WhenEveryProbePassedOnABurst_TheBestIsSetAside_AndOneStepBelowItIsConfirmedAndRecommended()
    {
        // One task of 100 passes its short probe but throttles when it runs longer; four tasks throttle at once.
        var launcher = new FakeCellLauncher((cell, _) => (0, (cell.Tasks, cell.BatchSize, cell.Repeat) switch
        {
            (1, 100, 1) => Summary(2_100, 0, 100),
            (1, 100, _) => Summary(2_000, 10, 100),
            (1, 50, _) => Summary(1_500, 0, 50),
            _ => Summary(2_000, 50, cell.BatchSize),
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
        var first = new FakeCellLauncher((cell, _) => (0, Summary(1_000 * cell.Tasks, 0, cell.BatchSize)));
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
        var resumed = new FakeCellLauncher((cell, _) => (0, Summary(1_000 * cell.Tasks, 0, cell.BatchSize)));
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
