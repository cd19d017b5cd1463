using System.Xml.Linq;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Gates;

/// <summary>
/// The gates tell the same truth everywhere, through the command line: paths that cannot be written are refused before
/// any request, an abort is a failing JUnit case, summary.json holds every verdict, a gate that can never pass is refused,
/// every command's help names its exit codes, and a stage plan from a layer says where it came from or yields to a higher one.
/// </summary>
[Collection(GateAzuriteCollection.Name)]
public sealed class GateTruthTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-truth-").FullName;

    // At a trickle: the gates are judged on the run's figures at any load, and a closed model's would only fill the cores.
    private static string[] ShortRun(string output) =>
        ["run", "--tasks", "2", "--batch-size", "20", "--rate", "200", "--duration", "2s", "--warmup", "1s", "--quiet", "--output", output];

    private static string OneLine(string stderr) => Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)).TrimEnd();

    [Theory]
    [InlineData("run-junit-folder")]
    [InlineData("run-junit-under-a-file")]
    [InlineData("run-junit-a-result-file")]
    [InlineData("run-output-a-file")]
    [InlineData("sweep-junit-folder")]
    [InlineData("tune-output-under-a-file")]
    public async Task AnOutputPathThatCannotBeWritten_IsOneSentence_Exit2_NoFolderMade(string kind)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, "existing")).FullName;
        var file = Path.Combine(_root, "summary.json");
        await File.WriteAllTextAsync(file, "{}");
        var output = Path.Combine(_root, "out");
        var (args, expected) = kind switch
        {
            "run-junit-folder" => ((string[])[.. ShortRun(output), "--fail-if", "p99<5s", "--junit", folder], $"--junit {folder} is a folder"),
            "run-junit-under-a-file" => ([.. ShortRun(output), "--fail-if", "p99<5s", "--junit", Path.Combine(file, "out.xml")], $"--junit {Path.Combine(file, "out.xml")} lies under the file {file}"),
            "run-junit-a-result-file" => ([.. ShortRun(output), "--fail-if", "p99<5s", "--junit", Path.Combine(output, "summary.json", "out.xml")], $"--junit {Path.Combine(output, "summary.json", "out.xml")} is or lies under"),
            "run-output-a-file" => ([.. ShortRun(file)], $"--output {file} is a file"),
            "sweep-junit-folder" => (["sweep", "--tasks", "1,2", "--duration", "1s", "--output", output, "--fail-if", "p99<5s", "--junit", folder], $"--junit {folder} is a folder"),
            _ => (["tune", "--output", Path.Combine(file, "tune")], $"--output {Path.Combine(file, "tune")} lies under the file {file}"),
        };

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(args, azurite.ConnectionString);

        Assert.True(exitCode == 2, stdout + stderr);
        Assert.StartsWith(expected, OneLine(stderr), StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stderr, StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
        Assert.Empty(stdout);
    }

    [Fact]
    public async Task AStopByAbortIf_IsAFailingJunitCaseWithItsSentence_AndSummaryJsonHoldsEveryVerdict()
    {
        var output = Path.Combine(_root, "stopped");
        var junit = Path.Combine(_root, "gates.xml");

        // p50 is never below 0 ms, so the condition holds at the first measured second it fills.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--tasks", "2", "--batch-size", "20", "--rate", "200", "--duration", "30s", "--warmup", "1s", "--quiet", "--output", output,
                "--fail-if", "p99<1m,eps>1000000", "--abort-if", "p50>=0ms for 1s", "--junit", junit], azurite.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        var stopLine = Assert.Single(stdout.Split('\n').Select(l => l.TrimEnd()), l => l.StartsWith("Stopped by --abort-if ", StringComparison.Ordinal));
        Assert.Equal(stopLine, summary.StoppedBy!.Sentence);

        var suite = XDocument.Load(junit).Root!.Element("testsuite")!;
        Assert.Equal(("3", "2"), ((string)suite.Attribute("tests")!, (string)suite.Attribute("failures")!));
        var abortCase = Assert.Single(suite.Elements("testcase"), c => (string)c.Attribute("classname")! == "tableload.abort-if");
        Assert.Equal("p50>=0ms for 1s", (string)abortCase.Attribute("name")!);
        Assert.Equal(stopLine, (string)abortCase.Element("failure")!.Attribute("message")!);

        var thresholds = summary.Thresholds!;
        Assert.Equal(["p99<1m", "eps>1000000"], thresholds.Select(t => t.Condition));
        Assert.Equal(("p99", "ms", "<", 60_000.0, summary.LatencyMs.P99, true), (thresholds[0].Figure, thresholds[0].Unit, thresholds[0].Comparison, thresholds[0].Bound, thresholds[0].Value, thresholds[0].Passed));
        Assert.Equal(("eps", "e/s", summary.MeanEntitiesPerSecond, false), (thresholds[1].Figure, thresholds[1].Unit, thresholds[1].Value, thresholds[1].Passed));
        var lines = stdout.Split('\n').Select(l => l.TrimEnd()).Where(l => l.StartsWith("threshold ", StringComparison.Ordinal)).ToList();
        Assert.EndsWith("passed", lines[0], StringComparison.Ordinal);
        Assert.EndsWith("FAILED", lines[1], StringComparison.Ordinal);
    }

    [Fact]
    public async Task AMergedFolder_RecordsReportsOwnThresholds_JudgedOnTheMergedFigures_AndKeepsTheFoldersOwn()
    {
        var output = Path.Combine(_root, "one");
        var merged = Path.Combine(_root, "merged");
        var run = await TableLoadProcess.RunAsync([.. ShortRun(output), "--fail-if", "eps>=1"], azurite.ConnectionString);
        Assert.True(run.ExitCode == 0, run.Stdout + run.Stderr);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(["report", output, "--output", merged, "--fail-if", "eps>1000000"], null);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(merged).Summary;
        var verdict = Assert.Single(summary.Thresholds!);
        Assert.Equal(("eps>1000000", summary.MeanEntitiesPerSecond, false), (verdict.Condition, verdict.Value, verdict.Passed));
        var own = Assert.Single(Assert.Single(summary.PerProcess).Thresholds!);
        Assert.Equal(("eps>=1", true), (own.Condition, own.Passed));
    }

    [Theory]
    [InlineData("p99<5s,p99>10s", "--fail-if 'p99>10s' and 'p99<5s' can never both hold, so the gate could never pass")]
    [InlineData("eps>=2000,eps<=1000", "--fail-if 'eps>=2000' and 'eps<=1000' can never both hold")]
    [InlineData("throttled<0%", "--fail-if 'throttled<0%' can never hold: throttled is never below 0%")]
    [InlineData("p99<-5ms", "--fail-if 'p99<-5ms' has a negative bound, '-5ms': p99 is never below 0")]
    public async Task AGateThatCanNeverPass_OrANegativeBound_IsSaidAsSuch_Exit2(string expression, string expected)
    {
        var output = Path.Combine(_root, "never");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. ShortRun(output), "--fail-if", expression], azurite.ConnectionString);

        Assert.True(exitCode == 2, stdout + stderr);
        Assert.StartsWith(expected, OneLine(stderr), StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
    }

    [Theory]
    [InlineData("run", true)]
    [InlineData("sweep", true)]
    [InlineData("report", true)]
    [InlineData("compare", true)]
    [InlineData("tune", false)]
    [InlineData("proxy", false)]
    public async Task EveryCommandsHelp_ListsItsExitCodes_With99WhereAGateCanBreak(string command, bool gates)
    {
        var (exitCode, stdout, _) = await TableLoadProcess.RunAsync([command, "--help"], null);

        Assert.Equal(0, exitCode);
        var help = string.Join(" ", stdout.Split('\n').Select(l => l.Trim()));
        var at = help.IndexOf("Exit codes: 0 ", StringComparison.Ordinal);
        Assert.True(at >= 0, stdout);
        // The sentence that lists them, not an option's description that mentions a code.
        var codes = help[at..help.IndexOf('.', at)];
        Assert.Contains("2 bad input", codes, StringComparison.Ordinal);
        Assert.Equal(gates, codes.Contains(" 99 ", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ARefusedStagePlan_FromTheEnvironmentOrAProfile_SaysWhereItCameFrom()
    {
        var profile = Path.Combine(_root, "profile.json");
        await File.WriteAllTextAsync(profile, """{ "stages": "bad" }""");
        var output = Path.Combine(_root, "staged");
        string[] run = ["run", "--quiet", "--output", output];

        using var fromEnvironment = TableLoadProcess.Start(run, azurite.ConnectionString, ("TABLELOAD_STAGES", "bad"));
        var environmentExit = await fromEnvironment.WaitForExitAsync(TimeSpan.FromMinutes(1));
        var fromProfile = await TableLoadProcess.RunAsync([.. run, "--config", profile], azurite.ConnectionString);

        Assert.True(environmentExit == 2, fromEnvironment.StandardError);
        Assert.EndsWith("(from $TABLELOAD_STAGES).", OneLine(fromEnvironment.StandardError), StringComparison.Ordinal);
        Assert.True(fromProfile.ExitCode == 2, fromProfile.Stderr);
        Assert.EndsWith($"(from --config {profile}).", OneLine(fromProfile.Stderr), StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task DurationOnTheCommandLine_OverridesAStagePlanFromTheEnvironment()
    {
        var output = Path.Combine(_root, "duration");

        using var process = TableLoadProcess.Start(ShortRun(output), azurite.ConnectionString, ("TABLELOAD_STAGES", "3s:100"));
        var exitCode = await process.WaitForExitAsync(TimeSpan.FromMinutes(2));

        Assert.True(exitCode == 0, process.StandardOutput + process.StandardError);
        var summary = new ResultFolder(output).Summary;
        Assert.Empty(summary.Stages);
        Assert.Equal("2s", new ResultFolder(output).Run.Options.Duration);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
