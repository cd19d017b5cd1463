using System.Globalization;
using System.Xml.Linq;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Gates;

[Collection(GateAzuriteCollection.Name)]
public sealed class FailIfTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-gates-").FullName;

    // At a trickle: the gates are judged on the run's figures at any load, and a closed model's would only fill the cores.
    private static string[] ShortRun(string output) =>
        ["run", "--tasks", "2", "--batch-size", "20", "--rate", "200", "--duration", "2s", "--warmup", "1s", "--quiet", "--output", output];

    private static IReadOnlyList<string> ThresholdLines(string stdout) =>
        [.. stdout.Split('\n').Select(l => l.TrimEnd()).Where(l => l.StartsWith("threshold ", StringComparison.Ordinal))];

    [Fact]
    public async Task ABrokenThreshold_Exits99_AfterEveryFileIsWritten_WithOneLineEach_AndTheJunitFile()
    {
        var output = Path.Combine(_root, "broken");
        var junit = Path.Combine(_root, "gates", "tableload.xml");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. ShortRun(output), "--fail-if", "p99<1ms,eps>1,failed<=0%", "--junit", junit], azurite.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var lines = ThresholdLines(stdout);
        Assert.Equal(3, lines.Count);
        var summary = new ResultFolder(output).Summary;
        Assert.StartsWith($"threshold p99<1ms: {summary.LatencyMs.P99.ToString("0.#", CultureInfo.InvariantCulture)} ms", lines[0], StringComparison.Ordinal);
        Assert.EndsWith("FAILED", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("threshold eps>1: ", lines[1], StringComparison.Ordinal);
        Assert.EndsWith("passed", lines[1], StringComparison.Ordinal);
        Assert.StartsWith("threshold failed<=0%: 0% (95% CI 0–", lines[2], StringComparison.Ordinal);
        Assert.EndsWith("passed", lines[2], StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(output, ResultFiles.SummaryJson)));
        Assert.EndsWith($"results: {output}", stdout.TrimEnd(), StringComparison.Ordinal);

        Assert.Equal((byte)'<', File.ReadAllBytes(junit)[0]);
        var suite = XDocument.Load(junit).Root!.Element("testsuite")!;
        Assert.Equal(("3", "1"), ((string)suite.Attribute("tests")!, (string)suite.Attribute("failures")!));
        var cases = suite.Elements("testcase").ToList();
        Assert.Equal(["p99<1ms", "eps>1", "failed<=0%"], cases.Select(c => (string)c.Attribute("name")!));
        Assert.NotNull(cases[0].Element("failure"));
        Assert.Null(cases[1].Element("failure"));
    }

    [Fact]
    public async Task ThresholdsThatHold_ExitZero()
    {
        var output = Path.Combine(_root, "held");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. ShortRun(output), "--fail-if", "p99<1m,eps>=1,throttled<1%"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stdout + stderr);
        Assert.All(ThresholdLines(stdout), l => Assert.EndsWith("passed", l, StringComparison.Ordinal));
        Assert.Equal(3, ThresholdLines(stdout).Count);
    }

    [Fact]
    public async Task TwoProcesses_AreJudgedOnceOnTheFleetsMergedFigures()
    {
        var output = Path.Combine(_root, "fleet");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. ShortRun(output), "--processes", "2", "--fail-if", "eps>1000000"], azurite.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var line = Assert.Single(ThresholdLines(stdout));
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(2, summary.Processes);
        Assert.StartsWith($"threshold eps>1000000: {Math.Round(summary.MeanEntitiesPerSecond, MidpointRounding.AwayFromZero).ToString("0", CultureInfo.InvariantCulture)} e/s", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task FromTheEnvironmentAndFromAProfile_TheSameGate()
    {
        var profile = Path.Combine(_root, "profile.json");
        await File.WriteAllTextAsync(profile, """{ "fail_if": "eps>1000000" }""");

        var fromProfile = await TableLoadProcess.RunAsync([.. ShortRun(Path.Combine(_root, "p")), "--config", profile], azurite.ConnectionString);
        using var fromEnvironment = TableLoadProcess.Start([.. ShortRun(Path.Combine(_root, "e"))], azurite.ConnectionString, ("TABLELOAD_FAIL_IF", "eps>1000000"));
        var environmentExit = await fromEnvironment.WaitForExitAsync(TimeSpan.FromMinutes(2));

        Assert.True(fromProfile.ExitCode == 99, fromProfile.Stdout + fromProfile.Stderr);
        Assert.Single(ThresholdLines(fromProfile.Stdout));
        Assert.True(environmentExit == 99, fromEnvironment.StandardOutput + fromEnvironment.StandardError);
        Assert.Single(ThresholdLines(fromEnvironment.StandardOutput));
    }

    [Theory]
    [InlineData("p99<500", "--fail-if 'p99<500' needs a latency with its unit")]
    [InlineData("p98<1s", "--fail-if 'p98<1s' names no figure TableLoad measures")]
    [InlineData("eps 2000", "--fail-if 'eps 2000' has no comparison")]
    [InlineData("throttled<1", "--fail-if 'throttled<1' needs a share from 0% to 100%")]
    public async Task AMalformedExpression_IsOneSentence_ExitTwo_BeforeAnyRequest(string expression, string expected)
    {
        var output = Path.Combine(_root, "refused");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync([.. ShortRun(output), "--fail-if", expression], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.StartsWith(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task SeveralMalformedConditions_AreEachSaid_AndJunitAloneIsRefused()
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync([.. ShortRun(Path.Combine(_root, "x")), "--fail-if", "p99<5,eps>x"], azurite.ConnectionString);
        var junitAlone = await TableLoadProcess.RunAsync([.. ShortRun(Path.Combine(_root, "y")), "--junit", Path.Combine(_root, "j.xml")], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(2, stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.Equal(2, junitAlone.ExitCode);
        Assert.Contains("give one of them too", junitAlone.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReportLabel_JudgesTheMergedFigures_Exit99WhenBroken_AndZeroWithTheJunitFileWhenHeld()
    {
        string[] parts = [Path.Combine(_root, "a"), Path.Combine(_root, "b")];
        // Two runs of their own, measured at the same time, as report --label merges them.
        var runs = await StartTogether.StartAsync((startAt, _) => parts.Select((part, k) => TableLoadProcess.Start(
            [.. ShortRun(part), "--start-at", startAt, "--table", $"gated{k}{Guid.NewGuid():N}"[..20]], azurite.ConnectionString)).ToList());
        foreach (var run in runs)
        {
            using (run)
            {
                Assert.True(await run.WaitForExitAsync(TimeSpan.FromMinutes(2)) == 0, run.StandardError);
            }
        }

        var broken = await TableLoadProcess.RunAsync(["report", .. parts, "--label", "pair", "--output", Path.Combine(_root, "merged1"), "--fail-if", "eps>1000000,failed<=0%"], null);
        var junit = Path.Combine(_root, "report.xml");
        var held = await TableLoadProcess.RunAsync(["report", .. parts, "--label", "pair", "--output", Path.Combine(_root, "merged2"), "--fail-if", "eps>=1", "--junit", junit], null);

        Assert.True(broken.ExitCode == 99, broken.Stdout + broken.Stderr);
        var merged = new ResultFolder(Path.Combine(_root, "merged1")).Summary;
        var lines = ThresholdLines(broken.Stdout);
        Assert.Equal(2, lines.Count);
        Assert.StartsWith($"threshold eps>1000000: {Math.Round(merged.MeanEntitiesPerSecond, MidpointRounding.AwayFromZero).ToString("0", CultureInfo.InvariantCulture)} e/s", lines[0], StringComparison.Ordinal);
        Assert.EndsWith("FAILED", lines[0], StringComparison.Ordinal);
        Assert.EndsWith("passed", lines[1], StringComparison.Ordinal);
        var stdout = broken.Stdout.Split('\n').Select(l => l.TrimEnd()).ToList();
        // After the table, before the folder's path.
        Assert.True(stdout.FindIndex(l => l.StartsWith("threshold ", StringComparison.Ordinal)) > stdout.FindLastIndex(l => l.StartsWith('|')), broken.Stdout);
        Assert.StartsWith("results: ", stdout.Last(l => l.Length > 0), StringComparison.Ordinal);
        Assert.True(held.ExitCode == 0, held.Stdout + held.Stderr);
        Assert.EndsWith("passed", Assert.Single(ThresholdLines(held.Stdout)), StringComparison.Ordinal);
        Assert.Equal("tableload report pair", (string)XDocument.Load(junit).Root!.Element("testsuite")!.Attribute("name")!);
    }

    [Theory]
    [InlineData("report", "--fail-if 'p99<500' needs a latency with its unit")]
    [InlineData("report-junit", "--junit writes the verdicts of --fail-if's thresholds; give --fail-if too.")]
    [InlineData("sweep-junit", "--junit writes the verdicts of --fail-if's thresholds and --abort-if's conditions; give one of them too.")]
    [InlineData("tune", "tune judges its probes by its own constraints, --p99 and --max-throttled, so it takes no --fail-if, --abort-if or --junit")]
    [InlineData("tune-junit", "tune judges its probes by its own constraints, --p99 and --max-throttled, so it takes no --fail-if, --abort-if or --junit")]
    public async Task Refusals_AreOneSentence_ExitTwo_BeforeAnything(string command, string expected)
    {
        var output = Path.Combine(_root, "refused");
        var junit = Path.Combine(_root, "j.xml");
        string[] args = command switch
        {
            "report" => ["report", output, "--fail-if", "p99<500"],
            "report-junit" => ["report", output, "--junit", junit],
            "sweep-junit" => ["sweep", "--tasks", "1,2", "--duration", "1s", "--output", output, "--junit", junit],
            "tune" => ["tune", "--output", output, "--fail-if", "eps>1"],
            _ => ["tune", "--output", output, "--junit", junit],
        };

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(args, azurite.ConnectionString);

        Assert.True(exitCode == 2, stderr);
        Assert.StartsWith(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
        Assert.False(File.Exists(junit));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
