using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Sweep;

/// <summary><c>tableload sweep</c> against Azurite: one folder and one sweep.csv row per cell, resumable, interruptible.</summary>
[Collection(SweepAzuriteCollection.Name)]
public sealed class SweepTests(AzuriteFixture azurite, SharedRuns runs) : IClassFixture<SharedRuns>, IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);
    private static readonly string[] Cells =
        ["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t1-b20-e1024-single-r1", "sdk-p1-t2-b10-e1024-single-r1", "sdk-p1-t2-b20-e1024-single-r1"];

    private readonly string _output = Directory.CreateTempSubdirectory("tableload-sweep-").FullName;

    // A budget of batches, not a time, ends each cell: every cell measures some at any machine speed, and none saturates the
    // machine for longer than its budget takes.
    private static readonly string[] TinyCell = ["--batches", "10", "--duration", "60s", "--warmup", "0s"];

    private static readonly string[] TinyGrid = ["sweep", "--tasks", "1,2", "--batch-size", "10,20", .. TinyCell];

    private string[] TinySweep(params string[] more) => [.. TinyGrid, "--output", _output, .. more];

    /// <summary>
    /// TinySweep's first sweep, made once for the tests that resume it: each gets a copy in its own --output to cut rows from
    /// and resume (a resume checks only the run options in sweep.json, which name no folder).
    /// </summary>
    private async Task<FinishedRun> TinySweepCopiedAsync()
    {
        var run = await runs.OnceAsync("tiny", azurite.ConnectionString, TinyGrid);
        foreach (var file in Directory.EnumerateFiles(run.Output, "*", SearchOption.AllDirectories))
        {
            var target = Path.Combine(_output, Path.GetRelativePath(run.Output, file));
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }

        return run;
    }

    private IReadOnlyList<IReadOnlyDictionary<string, string>> SweepCsv() => new ResultFolder(_output).Csv(ResultFiles.SweepCsv);

    private RunSummary Summary(string cell) => new ResultFolder(Path.Combine(_output, cell)).Summary;

    [Fact]
    public async Task Sweep_TwoByTwo_WritesACellFolderAndARowPerCell_EqualToItsSummary_AndResumeRerunsOnlyAMissingRow()
    {
        var (exitCode, stdout, stderr, _) = await TinySweepCopiedAsync();

        Assert.True(exitCode == 0, stderr);
        var rows = SweepCsv();
        Assert.Equal(Cells, rows.Select(r => r["cell"]));
        foreach (var row in rows)
        {
            AssertRowEqualsSummary(row, Summary(row["cell"]));
            Assert.Equal(row["cell"], Summary(row["cell"]).Label);
        }

        Assert.Equal(4, stdout.Split('\n').Count(l => l.StartsWith("| sdk-p1-", StringComparison.Ordinal)));
        Assert.Contains("best peak e/s: sdk-p1-", stdout, StringComparison.Ordinal);
        Assert.Contains("best p99:", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain(AzuriteFixture.AccountKey, File.ReadAllText(Path.Combine(_output, ResultFiles.SweepJson)), StringComparison.Ordinal);

        var runIds = Cells.ToDictionary(c => c, c => Summary(c).RunId);
        var csvPath = Path.Combine(_output, ResultFiles.SweepCsv);
        File.WriteAllLines(csvPath, File.ReadAllLines(csvPath).Where(l => !l.StartsWith(Cells[2] + ",", StringComparison.Ordinal)));

        (exitCode, _, stderr) = await TableLoadProcess.RunAsync(TinySweep("--resume"), azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        Assert.Equal([$"[3/4] {Cells[2]}: running"], stderr.Split('\n').Where(l => l.EndsWith(": running", StringComparison.Ordinal)));
        rows = SweepCsv();
        Assert.Equal(Cells.Order(StringComparer.Ordinal), rows.Select(r => r["cell"]).Order(StringComparer.Ordinal));
        Assert.NotEqual(runIds[Cells[2]], Summary(Cells[2]).RunId);
        Assert.All(Cells.Where(c => c != Cells[2]), c => Assert.Equal(runIds[c], Summary(c).RunId));
        AssertRowEqualsSummary(rows.Single(r => r["cell"] == Cells[2]), Summary(Cells[2]));
    }

    [Fact]
    public async Task MixCells_KeepEachOperationsFiguresInSweepCsv_AndCloseRoundsDecideTheBestTwoByTheirPairedRounds()
    {
        // Two cells offered the same rate, differing only in a byte of entity size, every request of one entity (a read, or an upsert
        // in batches of one): by one short run each they are within noise of each other (a batch size of 5 let the mix's draws alone
        // move a cell's e/s by 14%).
        string[] cells = ["sdk-mix-p1-t2-b1-e1000-single-rate50-r1", "sdk-mix-p1-t2-b1-e1001-single-rate50-r1"];
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--mix", "read:50,upsert-replace:50", "--key-space", "50", "--preload", "--batch-size", "1", "--tasks", "2", "--rate", "50", "--entity-size", "1000,1001",
             "--duration", "2s", "--warmup", "1s", "--close-rounds", "2", "--output", _output],
            azurite.ConnectionString, TimeSpan.FromMinutes(2));

        Assert.True(exitCode == 0, stderr + stdout);
        var rows = SweepCsv();
        Assert.Equal(cells, rows.Select(r => r["cell"]));
        foreach (var row in rows)
        {
            Assert.Equal("mix", row["operation"]);
            var operations = Summary(row["cell"]).Operations;
            Assert.Equal(["read", "upsert-replace"], operations.Keys.Order(StringComparer.Ordinal));
            foreach (var (name, operation) in operations)
            {
                AssertSliceEqualsSummary(row, name.Replace('-', '_'), operation);
            }

            Assert.All(new[] { "insert", "upsert_merge", "query", "delete", "read_modify_write" }, o => Assert.Equal("", row[$"{o}_requests"]));
        }

        // The close call: the best by one run is the rounds' base, the other their new side, run alternately.
        var favoured = rows.MaxBy(r => ResultFolder.Number(r["mean_eps"]))!["cell"][..^3];
        var other = rows.Single(r => r["cell"][..^3] != favoured)["cell"][..^3];
        Assert.Contains($"close call: {favoured}'s ", stdout, StringComparison.Ordinal);
        Assert.Contains($" over {other} is not beyond noise by one run each and the assumed run-to-run share of 7% (measured on 12 tasks x 100, sdk, against Azurite: docs/analysis.md); 2 interleaved rounds decide it", stdout, StringComparison.Ordinal);
        var (change, verdict) = Rounds.CloseRounds.Judge(Path.Combine(_output, "close-rounds"), 2);
        var best = verdict switch
        {
            "is better beyond noise" => other,
            "is worse beyond noise" => favoured,
            _ => $"{favoured} and {other}, within noise",
        };
        Assert.Contains($"best e/s by rounds: {best} (by 2 interleaved rounds, {other}'s {change} against {favoured} {verdict})", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("1", "--close-rounds must be 0 (no rounds) or at least 2, not 1: a paired difference needs two rounds to show its spread.")]
    [InlineData("-1", "--close-rounds must be between 0 and 100 (0 for no rounds), not -1.")]
    public async Task CloseRounds_OneOrNegative_IsOneSentence_ExitTwo_AndRunsNoCell(string rounds, string sentence)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(TinySweep("--close-rounds", rounds), azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal(sentence, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).Trim());
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task AWorkload_RunsEachCellWithThePresetsMix_AndNoOperationOfItsOwn()
    {
        // Every cell was once given --operation insert beside the preset, which its run refused: no cell of a --workload ran.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--workload", "ycsb-c", "--key-space", "20", "--preload", "--tasks", "1", "--batch-size", "1", "--batches", "5", "--warmup", "0s", "--output", _output],
            azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        var row = Assert.Single(SweepCsv());
        Assert.Equal("mix", row["operation"]);
        Assert.Equal("5", row["read_requests"]);
    }

    [Fact]
    public async Task Sweep_OfSingleWritesBesideBatches_NamesItsCellBnone_AndSweepCsvSaysNone_OneEntityARequest()
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--batch-size", "none,10", "--tasks", "1", "--operation", "upsert-replace", "--batches", "8", "--duration", "30s", "--warmup", "0s", "--verify", "--output", _output],
            azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        var rows = SweepCsv();
        Assert.Equal(["sdk-upsert-replace-p1-t1-bnone-e1024-single-r1", "sdk-upsert-replace-p1-t1-b10-e1024-single-r1"], rows.Select(r => r["cell"]));
        Assert.Equal(["none", "10"], rows.Select(r => r["batch_size"]));
        Assert.Equal(["8", "80"], rows.Select(r => r["succeeded"]));
        Assert.Equal(["8", "8"], rows.Select(r => r["upsert_replace_requests"]));
        foreach (var row in rows)
        {
            AssertRowEqualsSummary(row, Summary(row["cell"]));
        }

        Assert.Equal("none", Summary(rows[0]["cell"]).BatchSize.Text);
    }

    [Theory]
    [InlineData("none,0", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 0.")]
    [InlineData("none,all", "--batch-size value 'all' is neither none nor a whole number; give a comma-separated list such as --batch-size none,10,100.")]
    [InlineData("none,NONE", "--batch-size lists none twice; give each value once.")]
    public async Task Sweep_ABatchSizeListRunWouldRefuse_IsOneSentence_ExitTwo_AndRunsNoCell(string list, string sentence)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--batch-size", list, "--tasks", "1", "--duration", "1s", "--warmup", "0s", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal((2, ""), (exitCode, stdout));
        Assert.Equal(sentence, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).Trim());
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Theory]
    [InlineData("--mix", "read:1")]
    [InlineData("--workload", "ycsb-c")]
    public async Task AMixOrWorkload_BesideAnOperation_IsOneSentence_ExitTwo_AndRunsNoCell(string option, string value)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            TinySweep(option, value, "--operation", "read", "--key-space", "10", "--preload"), azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal($"{option} names each cell's operations: give {option} or --operation, not both.", Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).Trim());
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task Sweep_RepeatTwo_EndsWithTheIntervalBetweenTheRepeatsOfEachPoint()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--tasks", "2", "--batch-size", "10", "--repeat", "2", .. TinyCell, "--output", _output], azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        var means = SweepCsv().Select(r => ResultFolder.Number(r["mean_eps"])).ToList();
        Assert.Equal(2, means.Count);
        // Two repeats: the t interval's half-width is t(0.975, 1) · |a − b| / 2.
        var half = 12.7062 * Math.Abs(means[0] - means[1]) / 2;
        var line = Assert.Single(stdout.Split('\n'), l => l.StartsWith("between 2 repeats of sdk-p1-t2-b10-e1024-single: ", StringComparison.Ordinal));
        var printed = System.Text.RegularExpressions.Regex.Match(line, @"mean e/s (?<mean>[0-9]+) \(95% CI (?<lo>[0-9]+)–(?<hi>[0-9]+)\)");
        Assert.True(printed.Success, line);
        double Printed(string name) => double.Parse(printed.Groups[name].Value, CultureInfo.InvariantCulture);
        Assert.Equal(means.Average(), Printed("mean"), 0.5);
        Assert.Equal(Math.Max(0, means.Average() - half), Printed("lo"), 1.0);
        Assert.Equal(means.Average() + half, Printed("hi"), 1.0);
    }

    [Fact]
    public async Task Resume_WithoutTheKnobLists_TakesTheGridFromSweepJson_AndReadsASweepCsvWhoseColumnsWereReorderedAndOneAdded()
    {
        var (exitCode, _, stderr, _) = await TinySweepCopiedAsync();
        Assert.True(exitCode == 0, stderr);
        var csvPath = Path.Combine(_output, ResultFiles.SweepCsv);
        // As a spreadsheet might save it: the columns in reverse order and a "note" column added.
        var kept = File.ReadAllLines(csvPath).Where(l => !l.StartsWith(Cells[1] + ",", StringComparison.Ordinal));
        File.WriteAllLines(csvPath, kept.Select((l, i) => string.Join(',', Enumerable.Reverse(l.Split(',')).Append(i == 0 ? "note" : "seen"))));
        var before = SweepCsv();

        (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["sweep", .. TinyCell, "--output", _output, "--resume"], azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        Assert.Equal([$"[2/4] {Cells[1]}: running"], stderr.Split('\n').Where(l => l.EndsWith(": running", StringComparison.Ordinal)));
        var rows = SweepCsv();
        Assert.Equal(Cells.Order(StringComparer.Ordinal), rows.Select(r => r["cell"]).Order(StringComparer.Ordinal));
        static string Fields(IReadOnlyDictionary<string, string> row) => string.Join(';', row.OrderBy(f => f.Key, StringComparer.Ordinal).Select(f => $"{f.Key}={f.Value}"));
        Assert.Equal(before.Select(Fields), rows.Take(3).Select(Fields));
        var resumed = rows[3];
        Assert.Equal(Cells[1], resumed["cell"]);
        Assert.Equal("", resumed["note"]);
        AssertRowEqualsSummary(resumed, Summary(Cells[1]));
    }

    [Fact]
    public async Task FailIf_ACellBelowTheBound_BreaksIt_EveryCellRuns_Exit99_TheGatesColumnTheTableAndTheJunitFileSayWhich()
    {
        var junit = Path.Combine(_output, "ci", "sweep.xml");
        string[] cells = ["sdk-p1-t4-b100-e1024-single-rate100-r1", "sdk-p1-t4-b100-e1024-single-rate1000-r1"];

        // The slow cell comes first: the sweep must still run the second. It cannot pass 200 e/s at its rate of 100; the other,
        // at 1,000, passes it at any machine speed that answers 4 tasks' batches of 100 within 2 s.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--rate", "100,1000", "--tasks", "4", "--batch-size", "100", "--duration", "2s", "--warmup", "1s", "--output", _output,
             "--fail-if", "eps>200", "--junit", junit],
            azurite.ConnectionString,
            Limit);

        Assert.True(exitCode == 99, stdout + stderr);
        var rows = SweepCsv();
        Assert.Equal(cells, rows.Select(r => r["cell"]));
        Assert.Equal(["failed", "passed"], rows.Select(r => r["gates"]));
        Assert.True(Summary(cells[0]).MeanEntitiesPerSecond <= 200 && Summary(cells[1]).MeanEntitiesPerSecond > 200, stdout);
        string TableRow(string cell) => stdout.Split('\n').Single(l => l.StartsWith("| " + cell + " ", StringComparison.Ordinal));
        Assert.Contains("gates FAILED", TableRow(cells[0]), StringComparison.Ordinal);
        Assert.Contains("gates passed", TableRow(cells[1]), StringComparison.Ordinal);
        Assert.Contains("gates: 1 of 2 cells broke a --fail-if threshold", stdout, StringComparison.Ordinal);
        Assert.Contains($"{cells[0]}: threshold eps>200: ", stderr, StringComparison.Ordinal);
        var cases = System.Xml.Linq.XDocument.Load(junit).Root!.Element("testsuite")!.Elements("testcase").ToList();
        Assert.Equal(cells, cases.Select(c => (string)c.Attribute("classname")!));
        Assert.Equal([true, false], cases.Select(c => c.Element("failure") is not null));
    }

    [Fact]
    public async Task Resume_ASweepCsvWrittenBeforeTheGatesAndIntervalColumns_KeepsItsHeader_AndRunsOnlyTheMissingCell()
    {
        string[] sweep = ["sweep", "--tasks", "1,2", "--batch-size", "10", .. TinyCell, "--output", _output, "--fail-if", "p99<10m"];
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(sweep, azurite.ConnectionString, Limit);
        Assert.True(exitCode == 0, stderr);
        var csvPath = Path.Combine(_output, ResultFiles.SweepCsv);
        string[] newer = ["gates", "eps_ci_low", "eps_ci_high", "p99_ci_low", "p99_ci_high"];
        var lines = File.ReadAllLines(csvPath);
        var header = lines[0].Split(',');
        var old = lines.Take(2).Select(l => string.Join(',', l.Split(',').Where((_, i) => !newer.Contains(header[i]))));
        File.WriteAllLines(csvPath, old);

        (exitCode, _, stderr) = await TableLoadProcess.RunAsync([.. sweep, "--resume"], azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        Assert.Equal(["[2/2] sdk-p1-t2-b10-e1024-single-r1: running"], stderr.Split('\n').Where(l => l.EndsWith(": running", StringComparison.Ordinal)));
        var written = File.ReadAllLines(csvPath);
        Assert.Equal(old.First(), written[0]);
        Assert.Equal(["sdk-p1-t1-b10-e1024-single-r1", "sdk-p1-t2-b10-e1024-single-r1"], SweepCsv().Select(r => r["cell"]));
        Assert.All(SweepCsv(), r => Assert.DoesNotContain("gates", r.Keys));
    }

    [Fact]
    public async Task Sweep_BadValueInAList_PrintsOneSentence_ExitsTwo_AndRunsNoCell()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["sweep", "--tasks", "4,0", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("--tasks", line, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task Sweep_SeveralBadOptions_AreAllSaid_OneSentenceEach_ExitTwo_AndRunNoCell()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--repeat", "0", "--cooldown", "soon", "--tasks", "4,0", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Collection(
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries),
            line => Assert.Equal("--tasks must be between 1 and 10000, not 0.", line),
            line => Assert.Equal("--repeat must be between 1 and 1000, not 0.", line),
            line => Assert.StartsWith("--cooldown 'soon' is not a duration", line, StringComparison.Ordinal));
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task AnEntitySizeOfZeroInTheList_IsRefusedByRunsBound_NotRunAsTheSample()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["sweep", "--entity-size", "0,1024", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        Assert.Equal("--entity-size must be between 1 and 1048576 bytes (an entity holds at most 1 MiB), not 0.", line);
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task EveryValueOfEveryKnobList_IsJudgedByRunsBound_AndEveryRefusalIsSaid()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--tasks", "0,4,20000", "--batch-size", "101", "--processes", "65", "--rate", "2000000000", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal(
            [
                "--processes must be between 1 and 64, not 65.",
                "--tasks must be between 1 and 10000, not 0.",
                "--tasks must be between 1 and 10000, not 20000.",
                "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.",
                "--rate must be greater than 0 and at most 1000000000 entities per second, not 2000000000.",
            ],
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task ARefusedKnobList_DoesNotHideTheCellsFaults()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--runtime", "fast", "--client", "sdk,ftp", "--tasks", "0", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Collection(
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries),
            line => Assert.Equal("--client value 'ftp' must be sdk or wire.", line),
            line => Assert.Equal("--runtime value 'fast' must be tuned or defaults.", line),
            line => Assert.StartsWith("--tasks must be between 1 and 10000, not 0", line, StringComparison.Ordinal));
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task Interrupt_StopsTheRunningCell_WhichWritesItsResultsMarkedInterrupted_ButIsNotInSweepCsv()
    {
        // A trickle of a batch a second keeps the cell running until the signal without saturating the machine meanwhile.
        const string Running = "sdk-p1-t1-b100-e1024-single-rate100-r1";
        using var process = TableLoadProcess.Start(
            ["sweep", "--tasks", "1,2", "--rate", "100", "--duration", "5m", "--warmup", "0s", "--output", _output], azurite.ConnectionString);
        await process.WaitForErrorTextAsync($"[1/2] {Running}: running", TimeSpan.FromSeconds(30));
        await WaitForFileAsync(Path.Combine(_output, Running, ResultFiles.RunJson), TimeSpan.FromSeconds(30));

        process.Signal(2);
        var exitCode = await process.WaitForExitAsync(TimeSpan.FromSeconds(45));

        Assert.Equal(130, exitCode);
        Assert.Equal("interrupted", Summary(Running).Status.ToSnakeCase());
        Assert.Empty(SweepCsv());
        Assert.False(Directory.Exists(Path.Combine(_output, "sdk-p1-t2-b100-e1024-single-rate100-r1")));
    }

    private string ScenarioProfile()
    {
        var profile = Path.Combine(_output, "scenarios.json");
        File.WriteAllText(profile, """{ "scenarios": { "ingest": { "operation": "insert", "tasks": 1, "batch_size": 10 }, "lookups": { "operation": "read", "tasks": 1, "key_space": 20, "preload": true } } }""");
        return profile;
    }

    [Fact]
    public async Task AProfilesScenarios_RunInEveryCell_SweepCsvKeepsEachScenariosFigures_AndResumeReadsThemBack()
    {
        // Every cell was once given --operation insert beside the scenarios, which its run refused: no sweep of scenarios ran.
        string[] sweep = ["sweep", "--config", ScenarioProfile(), "--client", "sdk,wire", "--batches", "4", "--warmup", "0s", "--output", _output];
        string[] cells = ["sdk-scenarios-p1-r1", "wire-scenarios-p1-r1"];
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(sweep, azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        var rows = SweepCsv();
        Assert.Equal(cells, rows.Select(r => r["cell"]));
        foreach (var row in rows)
        {
            Assert.Equal(("scenarios", "", "", "", ""), (row["operation"], row["tasks"], row["batch_size"], row["entity_size"], row["partitions"]));
            var scenarios = Summary(row["cell"]).Scenarios!;
            Assert.Equal(["ingest", "lookups"], scenarios.Keys.Order(StringComparer.Ordinal));
            foreach (var (name, scenario) in scenarios)
            {
                // --batches is each scenario's own budget of requests.
                Assert.Equal("4", row[$"{name}_requests"]);
                AssertSliceEqualsSummary(row, name, scenario);
            }

            Assert.Equal("40", row["ingest_entities"]);
        }

        // A row the reader could not read back would be dropped and its cell run again: only the missing one runs.
        var csvPath = Path.Combine(_output, ResultFiles.SweepCsv);
        var kept = File.ReadAllLines(csvPath)[..2];
        File.WriteAllLines(csvPath, kept);
        var runId = Summary(cells[0]).RunId;

        (exitCode, _, stderr) = await TableLoadProcess.RunAsync([.. sweep, "--resume"], azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        Assert.Equal([$"[2/2] {cells[1]}: running"], stderr.Split('\n').Where(l => l.EndsWith(": running", StringComparison.Ordinal)));
        Assert.Equal(runId, Summary(cells[0]).RunId);
        Assert.Equal(kept, File.ReadAllLines(csvPath)[..2]);
        Assert.Equal("4", SweepCsv().Single(r => r["cell"] == cells[1])["lookups_requests"]);
    }

    [Fact]
    public async Task AProfilesScenarios_BesideALoadKnobList_IsOneSentence_ExitTwo_AndRunsNoCell()
    {
        var profile = ScenarioProfile();
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--config", profile, "--tasks", "1,2", "--rate", "10", "--batches", "4", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal(
            $"--tasks and --rate are each scenario's own in --config {profile} (ingest, lookups): a sweep over scenarios varies --client, --runtime and --processes, and each cell runs the scenarios as the profile declares them.",
            Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).Trim());
        Assert.Equal([profile], Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task AScenarioWhoseColumnsWouldBeOneOfEverySweepCsvs_IsOneSentence_ExitTwo_AndRunsNoCell()
    {
        var profile = Path.Combine(_output, "peak.json");
        File.WriteAllText(profile, """{ "scenarios": { "peak": { "operation": "insert", "tasks": 1 } } }""");
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["sweep", "--config", profile, "--batches", "4", "--output", _output], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal(string.Empty, stdout);
        Assert.Equal(
            $"--config {profile}: the scenario 'peak' would name sweep.csv's column peak_eps, which is every cell's own: name it otherwise.",
            Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).Trim());
        Assert.Equal([profile], Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task ClientKnob_RunsEachCellWithItsClient_AndNamesItInEveryFile()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["sweep", "--client", "sdk,wire", "--tasks", "1", "--batches", "3", "--warmup", "0s", "--output", _output], azurite.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr);
        var rows = SweepCsv();
        Assert.Equal(["sdk-p1-t1-b100-e1024-single-r1", "wire-p1-t1-b100-e1024-single-r1"], rows.Select(r => r["cell"]));
        foreach (var row in rows)
        {
            AssertRowEqualsSummary(row, Summary(row["cell"]));
            Assert.Equal(row["client"], new ResultFolder(Path.Combine(_output, row["cell"])).Run.Options.Client);
        }

        Assert.Equal(["sdk", "wire"], rows.Select(r => r["client"]));
        Assert.Contains("| wire-p1-", stdout, StringComparison.Ordinal);
    }

    private static void AssertRowEqualsSummary(IReadOnlyDictionary<string, string> row, RunSummary summary)
    {
        var latency = summary.LatencyMs;
        foreach (var (name, value) in new[] { ("min", latency.Min), ("median", latency.Median), ("mean", latency.Mean), ("max", latency.Max), ("p90", latency.P90), ("p95", latency.P95), ("p99", latency.P99), ("p999", latency.P999) })
        {
            Assert.Equal(value, ResultFolder.Number(row[name]));
        }

        var outcomes = summary.Outcomes;
        var client = summary.Client;
        Assert.Equal(summary.Tasks, (int)ResultFolder.Count(row["tasks"]));
        Assert.Equal(summary.BatchSize.Text, row["batch_size"]);
        Assert.Equal(summary.EntitySize, (int)ResultFolder.Count(row["entity_size"]));
        Assert.Equal(summary.Partitions, row["partitions"]);
        Assert.Equal(summary.BatchClient, row["client"]);
        Assert.Equal("", row["rate"]);
        Assert.Equal(summary.PeakEntitiesPerSecond, ResultFolder.Count(row["peak_eps"]));
        Assert.Equal(summary.EntitiesSucceeded, ResultFolder.Count(row["succeeded"]));
        Assert.Equal(summary.EntitiesFailed, ResultFolder.Count(row["failed"]));
        Assert.Equal(
            outcomes["server_busy"] + outcomes["operation_timed_out"] + outcomes["too_many_requests"],
            ResultFolder.Count(row["throttled"]));
        Assert.Equal(outcomes["client_timeout"], ResultFolder.Count(row["timeouts"]));
        Assert.Equal(summary.MeanEntitiesPerSecond, ResultFolder.Number(row["mean_eps"]));
        Assert.Equal(summary.GoodputMbPerSecond, ResultFolder.Number(row["goodput_mb_s"]));
        Assert.Equal(client.UserCpuSeconds + client.SystemCpuSeconds, ResultFolder.Number(row["client_cpu_s"]));
        Assert.Equal(client.Saturated ? "true" : "false", row["saturated"]);
        Assert.Equal(summary.Status.ToSnakeCase(), row["status"]);
        // The cell's own intervals, empty where summary.json's confidence has too little data for one.
        static string Bound(double? value) => value?.ToString(CultureInfo.InvariantCulture) ?? "";
        var confidence = summary.Confidence!;
        Assert.Equal(Bound(confidence.MeanEntitiesPerSecond?.Lo), row["eps_ci_low"]);
        Assert.Equal(Bound(confidence.MeanEntitiesPerSecond?.Hi), row["eps_ci_high"]);
        Assert.Equal(Bound(confidence.LatencyMs?.P99.Lo), row["p99_ci_low"]);
        Assert.Equal(Bound(confidence.LatencyMs?.P99.Hi), row["p99_ci_high"]);
    }

    // An operation's or a scenario's six columns, <column>_requests ... <column>_p99_ms, against its summary.json figures.
    private static void AssertSliceEqualsSummary(IReadOnlyDictionary<string, string> row, string column, OperationSummary slice)
    {
        Assert.Equal(slice.Requests, long.Parse(row[$"{column}_requests"], CultureInfo.InvariantCulture));
        Assert.Equal(slice.Entities, long.Parse(row[$"{column}_entities"], CultureInfo.InvariantCulture));
        Assert.Equal(slice.MeanEntitiesPerSecond, ResultFolder.Number(row[$"{column}_eps"]));
        Assert.Equal(slice.PeakEntitiesPerSecond, long.Parse(row[$"{column}_peak_eps"], CultureInfo.InvariantCulture));
        Assert.Equal(slice.LatencyMs.Median, ResultFolder.Number(row[$"{column}_p50_ms"]));
        Assert.Equal(slice.LatencyMs.P99, ResultFolder.Number(row[$"{column}_p99_ms"]));
    }

    private static async Task WaitForFileAsync(string path, TimeSpan limit)
    {
        var deadline = DateTime.UtcNow + limit;
        while (!File.Exists(path))
        {
            Assert.True(DateTime.UtcNow < deadline, $"{path} never appeared.");
            await Task.Delay(100);
        }
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
