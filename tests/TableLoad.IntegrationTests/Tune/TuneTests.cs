using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Proxy;
using TableLoad.Reporting;
using TableLoad.Storage;
using TableLoad.Tune;

namespace TableLoad.IntegrationTests.Tune;

/// <summary>
/// <c>tableload tune</c> as a user runs it, against Azurite behind the throttling proxy whose capacity is known:
/// the limit it names is the one the proxy imposed, the recommendation holds its constraints in its confirm runs,
/// and Ctrl+C then --resume goes on from the probes already run.
/// </summary>
[Collection(TuneAzuriteCollection.Name)]
public sealed class TuneTests(AzuriteFixture azurite) : IDisposable
{
    private static readonly TimeSpan Limit = TuneRuns.Limit;
    private const double AccountLimit = TuneRuns.AccountLimit;
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-tune-").FullName;

    private static string[] ShortTune(string output, params string[] more) => TuneRuns.ShortTune(output, more);

    private static LatencyDistribution Latency(string text) => TuneRuns.Latency(text);

    private TuneDescription ReadTuneJson() => TuneRuns.Read(_output);

    [Fact]
    public async Task BehindAnAccountLimit_TheServiceIsTheLimit_AndAfterCtrlCResumeGoesOnFromTheProbesRun()
    {
        // 200 ms added to every batch holds one task of 100 entities under 500 e/s on any machine, and the account's limit
        // (TuneRuns.AccountLimit) one that a few tasks break however slowly the machine answers: the service is the limit found.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { AccountLimit = TuneTests.AccountLimit, PartitionLimit = 100_000, Latency = Latency("200ms") });
        // Probes long against the proxy's bucket of one second's worth, so a burst it lets through cannot pass for capacity.
        string[] args = ShortTune(_output, "--max-tasks", "32", "--batch-size", "25,100", "--warmup", "2s", "--duration", "3s", "--confirm-duration", "4s");

        using (var first = TableLoadProcess.Start(args, proxy.ConnectionString))
        {
            await first.WaitForOutputTextAsync("probe 2 ", Limit);
            first.Signal(2);
            Assert.Equal(130, await first.WaitForExitAsync(Limit));
            Assert.Equal("interrupted", ReadTuneJson().Status);
            Assert.Contains("--resume goes on", first.StandardOutput, StringComparison.Ordinal);
        }

        var ranBefore = new ResultFolder(_output).Csv(ResultFiles.TuneCsv).Select(r => r["cell"]).ToList();
        // --report as well: its paths come before the reproducing command, which stays the last line.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. args, "--resume", "--report"], proxy.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        Assert.NotEmpty(ranBefore);
        Assert.Equal(ranBefore.Count, stdout.Split('\n').Count(l => l.EndsWith("(from tune.csv)", StringComparison.Ordinal)));
        var tune = ReadTuneJson();
        Assert.Equal("finished", tune.Status);
        Assert.True(tune.Limit.Kind == "service", stdout);
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        Assert.True(recommendation.ConstraintsHeld, stdout);
        Assert.InRange(recommendation.ThrottledPercent, 0, 1);
        // The account's bucket holds a second's worth, which a 4 s confirm run spends on top: at most 1.25 × the limit.
        Assert.True(recommendation.EntitiesPerSecondMean <= AccountLimit * 1.3, stdout);
        var rows = new ResultFolder(_output).Csv(ResultFiles.TuneCsv);
        // Which task counts the search probes, and so how close to the limit its recommendation lands, depends on what a
        // busy machine's short probes measured (a probe of four tasks passed inside the bucket's burst once, and one of three
        // once met the limit in its probe and broke it in its confirm run): what holds is asserted above and below.
        Assert.Equal(tune.Probes.Select(p => p.Cell).Order(StringComparer.Ordinal), rows.Select(r => r["cell"]).Order(StringComparer.Ordinal));
        var confirmRuns = rows.Where(r => r["role"] == "confirm").ToLookup(r => r["cell"][..r["cell"].LastIndexOf("-r", StringComparison.Ordinal)] + "-r1");
        Assert.Equal(["meets"], confirmRuns[recommendation.Cell].Select(r => r["verdict"]));
        // A better probe whose confirm run broke a constraint was set aside, and says so.
        Assert.All(confirmRuns.Where(g => g.Key != recommendation.Cell), g => Assert.Contains(
            new TuneLoser(g.Key, "met the constraints in its probe but broke one in its confirm runs"), tune.Losers));
        Assert.All(rows, r => Assert.True(Directory.Exists(Path.Combine(_output, r["cell"])), r["cell"]));
        // Each probe's CPU per entity is its run's, as summary.json declares it (warm-up on both sides), not a second definition.
        Assert.All(tune.Probes, p => Assert.Equal(new ResultFolder(Path.Combine(_output, p.Cell)).Summary.Client.CpuUsPerEntity, p.CpuMicrosecondsPerEntity));
        var lines = stdout.TrimEnd().Split('\n');
        var lastLine = lines[^1];
        Assert.StartsWith($"tableload run --tasks {recommendation.Tasks} ", lastLine, StringComparison.Ordinal);
        Assert.EndsWith("report.html", lines[^2], StringComparison.Ordinal);
        // The last line, pasted, runs the recommendation.
        var reproduced = Path.Combine(_output, "reproduced");
        var pasted = await TableLoadProcess.RunAsync([.. lastLine.Split(' ')[1..], "--output", reproduced], proxy.ConnectionString, Limit);
        Assert.True(pasted.ExitCode == 0, pasted.Stderr);
        var summary = new ResultFolder(reproduced).Summary;
        Assert.Equal((recommendation.Processes, recommendation.Tasks, recommendation.BatchSize), (summary.Processes, summary.Tasks, summary.BatchSize));
        Assert.InRange(summary.MeasuredSeconds, 3.5, 4.5); // --confirm-duration
        Assert.DoesNotContain(AzuriteFixture.AccountKey, stdout + File.ReadAllText(Path.Combine(_output, ResultFiles.TuneJson)) + File.ReadAllText(Path.Combine(_output, ResultFiles.TuneCsv)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task BehindAPartitionLimit_OnePartition_NamesThePartitionOutright()
    {
        // 300 e/s per partition, the account's 20,000 untouched: every throttle is the partition's and says no account limit.
        // --max-tasks bounds the search, not a --budget: how many probes fit in a time budget is the machine's speed.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 300, Latency = Latency("100ms") });

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ShortTune(_output, "--partitions", "single", "--max-tasks", "8", "--batch-size", "100", "--warmup", "1s", "--duration", "3s"),
            proxy.ConnectionString, Limit);

        Assert.True(exitCode is 0 or 6, stderr + stdout);
        var tune = ReadTuneJson();
        Assert.Equal("service", tune.Limit.Kind);
        Assert.Contains("e/s: the partition's target: ", tune.Limit.Sentence, StringComparison.Ordinal);
        Assert.Contains(" throttled answers named no account limit, at ", tune.Limit.Sentence, StringComparison.Ordinal);
        Assert.Contains("of the account's (20,000)", tune.Limit.Sentence, StringComparison.Ordinal);
        Assert.DoesNotContain("tell them apart", tune.Limit.Sentence, StringComparison.Ordinal);
        var evidence = Assert.Single(new ResultFolder(_output).Csv(ResultFiles.TuneCsv), r => r["cell"] == tune.Limit.EvidenceCell && r["role"] == "probe");
        Assert.Contains($": {long.Parse(evidence["throttled_partition_or_unnamed"], CultureInfo.InvariantCulture):#,0} throttled answers", tune.Limit.Sentence, StringComparison.Ordinal);
        Assert.Equal("0", evidence["throttled_account_operations"]);
        // As a word: the output folder's random name once held the letters "RU".
        Assert.DoesNotMatch(@"\bRU\b", stdout);
    }

    [Fact]
    public async Task NoProbeMeetsTheConstraints_NamesTheClosestAndTheConstraint_RecommendsNothing_ExitsSix()
    {
        // The proxy's own added latency puts every batch's p99 far above 30ms, whatever the knobs.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { Latency = Latency("100ms") });

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(ShortTune(_output, "--max-tasks", "4", "--batch-size", "10", "--p99", "30ms", "--warmup", "1s", "--duration", "2s"), proxy.ConnectionString, Limit);

        Assert.True(exitCode == 6, stderr + stdout);
        Assert.Contains("no configuration met the constraints; the closest was p1-t", stdout, StringComparison.Ordinal);
        Assert.Contains("(over 30.0 ms)", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("tableload run", stdout, StringComparison.Ordinal);
        var tune = ReadTuneJson();
        Assert.Null(tune.Recommendation);
        Assert.Equal("latency", tune.Limit.Kind);
        Assert.All(tune.Probes, p => Assert.Equal("latency_over", p.Verdict));
    }

    [Fact]
    public async Task AMix_IsTuned_EachProbeSendingItWithNoOperationOfItsOwn_AndTheCommandRepeatsTheMix()
    {
        // Every probe was once given --operation insert beside the mix, which its run refused: a mix could not be tuned at all.
        // Paced: probes whose figures no test asserts measure a trickle instead of saturating client and Azurite for the search.
        await using var proxy = await InProcessProxy.PacedAsync(azurite);
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["tune", "--mix", "read:50,upsert-replace:50", "--key-space", "20", "--preload", "--max-tasks", "1", "--max-processes", "1", "--batch-size", "10",
             "--warmup", "0s", "--duration", "1s", "--confirm", "1", "--confirm-duration", "1s", "--close-rounds", "0", "--output", _output],
            proxy.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        var tune = ReadTuneJson();
        Assert.NotNull(tune.Recommendation);
        Assert.All(tune.Probes, p => Assert.Contains("-mix-", p.Cell, StringComparison.Ordinal));
        var command = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries)[^1];
        Assert.StartsWith("tableload run ", command, StringComparison.Ordinal);
        Assert.Contains(" --mix read:50,upsert-replace:50 ", command + " ", StringComparison.Ordinal);
        Assert.DoesNotContain("--operation", command, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SingleWrites_TuneTasksAlone_EveryProbeSendingSingleWrites_AndTheCommandSaysBatchSizeNone()
    {
        // Paced: probes whose figures no test asserts measure a trickle instead of saturating client and Azurite for the search.
        await using var proxy = await InProcessProxy.PacedAsync(azurite);
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ShortTune(_output, "--operation", "upsert-replace", "--batch-size", "none", "--max-tasks", "4", "--warmup", "0s", "--duration", "1s", "--confirm-duration", "1s", "--report"),
            proxy.ConnectionString, Limit);

        Assert.True(exitCode == 0, stderr + stdout);
        // The report reads tune.json's batch sizes as written: "none", not a number.
        var html = File.ReadAllText(Path.Combine(_output, "report.html"));
        Assert.Contains("single writes", html, StringComparison.Ordinal);
        var tune = ReadTuneJson();
        Assert.Equal([Batching.None], tune.Space.BatchSizes);
        Assert.All(tune.Probes, p => Assert.Equal(Batching.None, p.BatchSize));
        Assert.All(tune.Probes, p => Assert.Contains("-bnone-", p.Cell, StringComparison.Ordinal));
        Assert.True(tune.Probes.Select(p => p.Tasks).Distinct().Count() > 1, stdout);
        var recommendation = Assert.IsType<TuneRecommendation>(tune.Recommendation);
        Assert.Equal(Batching.None, recommendation.BatchSize);
        // Each probe sent what it was told: one entity a request, no transaction.
        var probe = new ResultFolder(Path.Combine(_output, tune.Probes[0].Cell)).Summary;
        Assert.Equal(Batching.None, probe.BatchSize);
        var command = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries)[^1];
        Assert.StartsWith("tableload run ", command, StringComparison.Ordinal);
        Assert.Contains(" --batch-size none ", command + " ", StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--mix read:1 --operation read --key-space 10 --preload", "--mix names each probe's operations: give --mix or --operation, not both.")]
    [InlineData("--workload ycsb-c --operation read --key-space 10 --preload", "--workload names each probe's operations: give --workload or --operation, not both.")]
    [InlineData("--p99 0s", "--p99 must be greater than 0s")]
    [InlineData("--p99 50", "--p99 '50' is a latency without its unit; give the unit, as in 50ms or 50s.")]
    [InlineData("--batch-size none,100", "--batch-size none cannot be mixed with batch sizes: tune searches one kind of request; tune none on its own, or compare the two with sweep --batch-size none,100.")]
    [InlineData("--batch-size 50,101", "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.")]
    [InlineData("--max-tasks 0", "--max-tasks must be")]
    [InlineData("--budget 20s", "--budget 20s is shorter than one probe and the 2 confirm runs")]
    [InlineData("--max-throttled 120%", "--max-throttled must be a percentage from 0 to 100")]
    [InlineData("--client sdk,wire", "tune takes one --client, not 2")]
    [InlineData("--max-ru 0", "--max-ru must be greater than 0 and at most 1000000000 request units per second, not 0.")]
    [InlineData("--max-ru many", "--max-ru")]
    [InlineData("--close-rounds 1", "--close-rounds must be 0 (no rounds) or at least 2, not 1: a paired difference needs two rounds to show its spread.")]
    [InlineData("--close-rounds -1", "--close-rounds must be between 0 and 100 (0 for no rounds), not -1.")]
    public async Task BadInput_IsOneSentence_ExitTwo_BeforeAnyProbe(string options, string sentence)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["tune", "--output", _output, .. options.Split(' ')], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        var line = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith(sentence, line, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task AProfilesScenarios_AreOneSentenceOfTunesOwn_ExitTwo_BeforeAnyProbe()
    {
        // Each probe was given --operation beside the scenarios, which its run refused in a cell's words.
        var profile = Path.Combine(Directory.CreateTempSubdirectory("tableload-tune-profile-").FullName, "scenarios.json");
        File.WriteAllText(profile, """{ "scenarios": { "ingest": { "operation": "insert", "tasks": 1 }, "lookups": { "operation": "read", "tasks": 1, "key_space": 20, "preload": true } } }""");
        try
        {
            var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["tune", "--output", _output, "--config", profile], azurite.ConnectionString, Limit);

            Assert.Equal(2, exitCode);
            Assert.Equal("", stdout);
            Assert.Equal(
                $"--config {profile} declares scenarios (ingest, lookups), each a load of its own, where tune searches one load's tasks, batch size and processes: " +
                $"tune one scenario's options as a run's, or sweep the scenarios (tableload sweep --config {profile} --processes 1,2).",
                Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).Trim());
            Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(profile)!, recursive: true);
        }
    }

    [Fact]
    public async Task SeveralFaults_AreAllSaid_OneSentenceEach_ExitTwo_BeforeAnyProbe()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["tune", "--output", _output, "--max-tasks", "0", "--batch-size", "0,101", "--client", "sdk,wire"], azurite.ConnectionString, Limit);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Equal(
            [
                "--max-tasks must be between 1 and 10000, not 0.",
                "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 0.",
                "--batch-size must be none or between 1 and 100 (a batch holds at most 100 operations), not 101.",
                "tune takes one --client, not 2: it is part of the load being tuned; tune each value on its own, or compare them with sweep.",
            ],
            stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        Assert.Empty(Directory.EnumerateFileSystemEntries(_output));
    }

    [Fact]
    public async Task Help_IsTunesOwn_AndAnUnknownCommandIsNamedWithTheCommands_ExitTwo_HelpOrNot()
    {
        var help = await TableLoadProcess.RunAsync(["tune", "--help"], null, Limit);
        var unknownHelp = await TableLoadProcess.RunAsync(["tuen", "--help"], null, Limit);
        var unknown = await TableLoadProcess.RunAsync(["tuen"], null, Limit);

        Assert.Equal(0, help.ExitCode);
        Assert.Contains("tableload tune [options]", help.Stdout, StringComparison.Ordinal);
        foreach (var option in new[] { "--p99", "--max-throttled", "--max-ru", "--max-tasks", "--max-processes", "--batch-size", "--budget", "--confirm", "--resume", "--report", "--output" })
        {
            Assert.Contains($"  {option} ", help.Stdout, StringComparison.Ordinal);
        }

        const string Sentence = "'tuen' is not a tableload command; the commands are run, sweep, tune, report, compare and proxy (see 'tableload --help').";
        Assert.Equal((2, "", Sentence), (unknownHelp.ExitCode, unknownHelp.Stdout, unknownHelp.Stderr.Trim()));
        Assert.Equal((2, "", Sentence), (unknown.ExitCode, unknown.Stdout, unknown.Stderr.Trim()));
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
