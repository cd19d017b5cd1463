using System.Xml.Linq;
using TableLoad.ChildRuns;
using TableLoad.Cli;
using TableLoad.Measurement;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Sweep;

using TableLoad.Tests.TestSupport;

namespace TableLoad.Tests.Sweep;

public sealed class SweepRunnerTests : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-sweep-unit-").FullName;
    private readonly StringWriter _stdout = new();
    private readonly CollectingLogger _log = new();

    private string CsvPath => Path.Combine(_output, ResultFiles.SweepCsv);

    private SweepSettings CreateSettings(int[]? tasks = null, int[]? batchSizes = null, double? stopWhenThrottled = null, bool resume = false, string[]? runArguments = null)
    {
        var knobs = new SweepKnobs([BatchClientKind.Sdk], ["tuned"], [1], tasks ?? [1, 2], [.. (batchSizes ?? [10, 20]).Select(Batching.Of)], [EntityShape.OfSize(1024)], ["single"], [null]);
        return new SweepSettings
        {
            Knobs = knobs,
            Cells = SweepGrid.Expand(knobs, 1),
            StopWhenThrottledPercent = stopWhenThrottled,
            Resume = resume,
            OutputDirectory = _output,
            RunArguments = runArguments ?? ["--duration", "1s"],
            Target = ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString),
            CellTime = TimeSpan.FromSeconds(1),
            StartedUtc = DateTimeOffset.UnixEpoch,
        };
    }

    private async Task<int> RunAsync(SweepSettings settings, ICellLauncher launcher)
    {
        using var signals = new ChildRunSignals();
        return await new SweepRunner(settings, launcher, _stdout, _log, TimeProvider.System).RunAsync(signals);
    }

    private List<string> CsvCells() => File.ReadAllLines(CsvPath).Skip(1).Select(l => l.Split(',')[0]).ToList();

    // A summary of 100 batches of which `throttled` were throttled.
    private static string Throttling(SweepCell cell, long throttled) =>
        CellSummaries.Json(CellSummaries.Summary(succeeded: (100 - throttled) * cell.BatchSize.Size, failed: throttled * cell.BatchSize.Size, serverBusy: throttled, operationTimedOut: 0, tooManyRequests: 0));

    [Fact]
    public async Task RunAsync_WritesOneRowPerCellInGridOrder_PrintsEachRow_AndNamesTheBest()
    {
        var launcher = FakeCellLauncher.Completing(cell => CellSummaries.Json(CellSummaries.Summary(failed: 0, peak: (cell.Tasks * 1000) + cell.BatchSize.Size, p99: 100 - cell.BatchSize.Size - cell.Tasks)));

        var exitCode = await RunAsync(CreateSettings(), launcher);

        Assert.Equal(ExitCodes.Success, exitCode);
        string[] names = ["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t1-b20-e1024-single-r1", "sdk-p1-t2-b10-e1024-single-r1", "sdk-p1-t2-b20-e1024-single-r1"];
        Assert.Equal(names, CsvCells());
        Assert.Equal(names, launcher.Launched.Select(c => c.Name));
        var tableRows = _stdout.ToString().Split('\n').Where(l => l.StartsWith("| sdk-p1-", StringComparison.Ordinal)).ToList();
        Assert.Equal(4, tableRows.Count);
        Assert.Single(tableRows.Select(r => r.Length).Distinct());
        Assert.Contains("best peak e/s: sdk-p1-t2-b20-e1024-single-r1 (2020 e/s", _stdout.ToString(), StringComparison.Ordinal);
        Assert.Contains("best p99:      sdk-p1-t2-b20-e1024-single-r1 (78.00 ms", _stdout.ToString(), StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_output, ResultFiles.SweepJson)));
    }

    [Fact]
    public async Task RunAsync_Resume_SkipsCellsWhoseRowIsInSweepCsv_AndRunsOnlyTheOthers()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        var lines = File.ReadAllLines(CsvPath).ToList();
        lines.RemoveAt(2);
        File.WriteAllLines(CsvPath, lines);
        var launcher = FakeCellLauncher.Completing();

        var exitCode = await RunAsync(CreateSettings(resume: true), launcher);

        Assert.Equal(ExitCodes.Success, exitCode);
        Assert.Equal(["sdk-p1-t1-b20-e1024-single-r1"], launcher.Launched.Select(c => c.Name));
        Assert.Equal(4, CsvCells().Count);
        Assert.Equal(4, CsvCells().Distinct().Count());
    }

    [Fact]
    public async Task RunAsync_Resume_WithALongerList_RunsOnlyTheNewCells()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        var launcher = FakeCellLauncher.Completing();

        await RunAsync(CreateSettings(tasks: [1, 2, 4], resume: true), launcher);

        Assert.Equal(["sdk-p1-t4-b10-e1024-single-r1", "sdk-p1-t4-b20-e1024-single-r1"], launcher.Launched.Select(c => c.Name));
    }

    [Fact]
    public async Task RunAsync_Resume_DropsALineCutShortByACrash_AndRunsThatCellAgain()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        var text = File.ReadAllText(CsvPath);
        File.WriteAllText(CsvPath, text[..^40]);
        var launcher = FakeCellLauncher.Completing();

        await RunAsync(CreateSettings(resume: true), launcher);

        Assert.Equal(["sdk-p1-t2-b20-e1024-single-r1"], launcher.Launched.Select(c => c.Name));
        Assert.All(File.ReadAllLines(CsvPath), l => Assert.Equal(SweepCsv.Columns.Count, l.Split(',').Length));
    }

    [Fact]
    public async Task RunAsync_Resume_SweepCsvWithItsColumnsReorderedAndOneAdded_SkipsTheDoneCells_AndKeepsTheFilesLayout()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        var lines = File.ReadAllLines(CsvPath).ToList();
        lines.RemoveAt(2);
        // As a spreadsheet might save it: the columns reversed, a "note" column added; and the last line cut short by a crash.
        var rearranged = lines.Select((l, i) => string.Join(',', Enumerable.Reverse(l.Split(',')).Append(i == 0 ? "note" : "seen"))).ToList();
        File.WriteAllText(CsvPath, string.Join('\n', rearranged)[..^10]);
        var launcher = FakeCellLauncher.Completing();

        var exitCode = await RunAsync(CreateSettings(resume: true), launcher);

        Assert.Equal(ExitCodes.Success, exitCode);
        Assert.Equal(["sdk-p1-t1-b20-e1024-single-r1", "sdk-p1-t2-b20-e1024-single-r1"], launcher.Launched.Select(c => c.Name));
        var after = File.ReadAllLines(CsvPath);
        Assert.Equal(rearranged[0], after[0]);
        var rows = after.Skip(1).Select(l => CsvLine.ByColumn(after[0], l)).ToList();
        Assert.Equal(
            ["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t2-b10-e1024-single-r1", "sdk-p1-t1-b20-e1024-single-r1", "sdk-p1-t2-b20-e1024-single-r1"],
            rows.Select(r => r["cell"]));
        Assert.Equal(["seen", "seen", "", ""], rows.Select(r => r["note"]));
        Assert.All(rows, r => Assert.Equal("complete", r["status"]));
    }

    [Fact]
    public async Task RunAsync_Resume_SweepCsvLackingAColumn_IsRefusedBeforeAnyCell_NamingIt()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        var p99 = SweepCsv.Columns.Select(c => c.Name).ToList().IndexOf("p99");
        File.WriteAllLines(CsvPath, File.ReadAllLines(CsvPath).Select(l => string.Join(',', l.Split(',').Where((_, i) => i != p99))));
        var launcher = FakeCellLauncher.Completing();

        var refusal = await Assert.ThrowsAsync<UsageException>(() => RunAsync(CreateSettings(resume: true), launcher));

        Assert.Equal($"{CsvPath} lacks the column p99 of sweep.csv, so its rows cannot be resumed; choose another --output.", refusal.Message);
        Assert.Empty(launcher.Launched);
    }

    [Fact]
    public async Task RunAsync_OutputHoldsASweep_WithoutResume_IsRefusedBeforeAnyCell()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        var launcher = FakeCellLauncher.Completing();

        var refusal = await Assert.ThrowsAsync<UsageException>(() => RunAsync(CreateSettings(), launcher));

        Assert.Contains("--resume", refusal.Message, StringComparison.Ordinal);
        Assert.Empty(launcher.Launched);
    }

    [Fact]
    public async Task RunAsync_ResumeWithOtherRunOptions_IsRefusedBeforeAnyCell()
    {
        await RunAsync(CreateSettings(), FakeCellLauncher.Completing());
        File.WriteAllLines(CsvPath, File.ReadAllLines(CsvPath).Take(2));
        var launcher = FakeCellLauncher.Completing();

        var refusal = await Assert.ThrowsAsync<UsageException>(() => RunAsync(CreateSettings(resume: true, runArguments: ["--duration", "2s"]), launcher));

        Assert.Contains("--duration 1s", refusal.Message, StringComparison.Ordinal);
        Assert.Empty(launcher.Launched);
    }

    [Fact]
    public async Task RunAsync_StopWhenThrottled_SkipsTheLaterValuesOfTheInnermostKnob_AndSaysSo()
    {
        var launcher = FakeCellLauncher.Completing(cell => Throttling(cell, cell is { Tasks: 1, BatchSize.Size: 20 } ? 6 : 0));

        var exitCode = await RunAsync(CreateSettings(tasks: [1, 2], batchSizes: [10, 20, 50], stopWhenThrottled: 5), launcher);

        Assert.Equal(ExitCodes.Success, exitCode);
        Assert.Equal(
            ["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t1-b20-e1024-single-r1", "sdk-p1-t2-b10-e1024-single-r1", "sdk-p1-t2-b20-e1024-single-r1", "sdk-p1-t2-b50-e1024-single-r1"],
            launcher.Launched.Select(c => c.Name));
        Assert.Equal(5, CsvCells().Count);
        Assert.Contains("skipped sdk-p1-t1-b50-e1024-single-r1: sdk-p1-t1-b20-e1024-single-r1 throttled 6% of its batches", Said, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_Resume_AppliesStopWhenThrottledToCellsAlreadyFinished()
    {
        var settings = CreateSettings(tasks: [1], batchSizes: [10, 20, 50], stopWhenThrottled: 5);
        var firstRun = new FakeCellLauncher((cell, signals) =>
        {
            if (cell.BatchSize.Size == 20)
            {
                signals.Request();
                return (ExitCodes.Interrupted, CellSummaries.Json(CellSummaries.Summary(status: RunStatus.Interrupted)));
            }

            return (0, Throttling(cell, 50));
        });
        await RunAsync(settings, firstRun);
        var launcher = FakeCellLauncher.Completing();

        await RunAsync(settings with { Resume = true }, launcher);

        Assert.Empty(launcher.Launched);
        Assert.Equal(["sdk-p1-t1-b10-e1024-single-r1"], CsvCells());
    }

    [Fact]
    public async Task RunAsync_InterruptedCell_IsNotInSweepCsv_AndTheSweepStopsWith130()
    {
        var launcher = new FakeCellLauncher((cell, signals) =>
        {
            if (cell.Tasks == 2)
            {
                signals.Request();
                return (ExitCodes.Interrupted, CellSummaries.Json(CellSummaries.Summary(status: RunStatus.Interrupted)));
            }

            return (0, CellSummaries.Json());
        });

        var exitCode = await RunAsync(CreateSettings(), launcher);

        Assert.Equal(ExitCodes.Interrupted, exitCode);
        Assert.Equal(3, launcher.Launched.Count);
        Assert.Equal(["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t1-b20-e1024-single-r1"], CsvCells());
        Assert.Contains("sdk-p1-t2-b10-e1024-single-r1 was interrupted", Said, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_output, "sdk-p1-t2-b10-e1024-single-r1", ResultFiles.SummaryJson)));
    }

    [Fact]
    public async Task RunAsync_CellFinishingAsTheUserStops_IsKept_AndNoFurtherCellRuns()
    {
        var launcher = new FakeCellLauncher((_, signals) =>
        {
            signals.Request();
            return (0, CellSummaries.Json());
        });

        var exitCode = await RunAsync(CreateSettings(), launcher);

        Assert.Equal(ExitCodes.Interrupted, exitCode);
        Assert.Single(launcher.Launched);
        Assert.Equal(["sdk-p1-t1-b10-e1024-single-r1"], CsvCells());
    }

    [Fact]
    public async Task RunAsync_CellFailingWithoutSummary_IsLeftOutAndTheRestRuns_ExitFive()
    {
        var launcher = new FakeCellLauncher((cell, _) => cell.BatchSize.Size == 20 && cell.Tasks == 1 ? (1, null) : (0, CellSummaries.Json()));

        var exitCode = await RunAsync(CreateSettings(), launcher);

        Assert.Equal(ExitCodes.Partial, exitCode);
        Assert.Equal(4, launcher.Launched.Count);
        Assert.Equal(3, CsvCells().Count);
        Assert.DoesNotContain("sdk-p1-t1-b20-e1024-single-r1", CsvCells());
    }

    [Fact]
    public async Task RunAsync_ACellExiting99_IsARowMarkedFailed_EveryCellRuns_TheJunitFileHasEachCellsThresholds_AndTheSweepExits99()
    {
        var junit = Path.Combine(_output, "ci", "sweep.xml");
        var settings = CreateSettings(batchSizes: [10]) with { Thresholds = ThresholdParser.Parse(["p99<100ms,failed<50%"], "--fail-if", []), JunitPath = junit };
        // The cell with two tasks is slow: its run breaks p99<100ms and exits 99, as run does.
        var launcher = new FakeCellLauncher((cell, _) => cell.Tasks == 2 ? (ExitCodes.GateFailed, CellSummaries.Json(CellSummaries.Summary(p99: 250))) : (0, CellSummaries.Json()));

        var exitCode = await RunAsync(settings, launcher);

        Assert.Equal(ExitCodes.GateFailed, exitCode);
        Assert.Equal(2, launcher.Launched.Count);
        var rows = File.ReadAllLines(CsvPath).Skip(1).Select(l => CsvLine.ByColumn(SweepCsv.Header, l)).ToList();
        Assert.Equal(["passed", "failed"], rows.Select(r => r["gates"]));
        var stdout = _stdout.ToString();
        Assert.Contains("gates passed", stdout.Split('\n').Single(l => l.StartsWith("| sdk-p1-t1-", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.Contains("gates FAILED", stdout.Split('\n').Single(l => l.StartsWith("| sdk-p1-t2-", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.Contains("gates: 1 of 2 cells broke a --fail-if threshold", stdout, StringComparison.Ordinal);
        var cases = XDocument.Load(junit).Root!.Element("testsuite")!.Elements("testcase").ToList();
        Assert.Equal(
            ["sdk-p1-t1-b10-e1024-single-r1 p99<100ms", "sdk-p1-t1-b10-e1024-single-r1 failed<50%", "sdk-p1-t2-b10-e1024-single-r1 p99<100ms", "sdk-p1-t2-b10-e1024-single-r1 failed<50%"],
            cases.Select(c => $"{(string)c.Attribute("classname")!} {(string)c.Attribute("name")!}"));
        Assert.Equal([false, false, true, false], cases.Select(c => c.Element("failure") is not null));
    }

    [Fact]
    public async Task RunAsync_Resume_ACellThatBrokeAThresholdBefore_StillMakesTheSweepExit99()
    {
        var settings = CreateSettings(batchSizes: [10]) with { Thresholds = ThresholdParser.Parse(["p99<100ms"], "--fail-if", []) };
        await RunAsync(settings, new FakeCellLauncher((cell, _) => cell.Tasks == 2 ? (ExitCodes.GateFailed, CellSummaries.Json(CellSummaries.Summary(p99: 250))) : (1, null)));

        var launcher = FakeCellLauncher.Completing();
        var exitCode = await RunAsync(settings with { Resume = true }, launcher);

        Assert.Equal(["sdk-p1-t1-b10-e1024-single-r1"], launcher.Launched.Select(c => c.Name));
        Assert.Equal(ExitCodes.GateFailed, exitCode);
    }

    [Fact]
    public async Task RunAsync_CrashAfterAProvisionalSummary_IsNotAFinishedCell()
    {
        var launcher = new FakeCellLauncher((cell, _) => cell.Tasks == 1 && cell.BatchSize.Size == 10 ? (134, CellSummaries.Json(CellSummaries.Summary(status: RunStatus.Partial))) : (0, CellSummaries.Json()));

        await RunAsync(CreateSettings(), launcher);

        Assert.Equal(3, CsvCells().Count);
    }

    [Fact]
    public async Task RunAsync_TargetUnreachable_StopsTheSweepWithThree()
    {
        var launcher = new FakeCellLauncher((_, _) => (ExitCodes.Unreachable, null));

        var exitCode = await RunAsync(CreateSettings(), launcher);

        Assert.Equal(ExitCodes.Unreachable, exitCode);
        Assert.Single(launcher.Launched);
        Assert.Empty(CsvCells());
    }

    [Fact]
    public async Task RunAsync_LeftoverFolderOfAnUnfinishedCell_IsReplaced()
    {
        var stale = Path.Combine(_output, "sdk-p1-t1-b10-e1024-single-r1", ResultFiles.BatchesCsv);
        Directory.CreateDirectory(Path.GetDirectoryName(stale)!);
        File.WriteAllText(stale, "old");

        await RunAsync(CreateSettings(resume: true), FakeCellLauncher.Completing());

        Assert.False(File.Exists(stale));
    }

    private string Said => string.Join(Environment.NewLine, _log.Entries.Select(e => e.Message));

    public void Dispose()
    {
        _stdout.Dispose();
        Directory.Delete(_output, recursive: true);
    }
}
