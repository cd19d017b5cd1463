using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Measurement;
using TableLoad.Reporting;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Gates;

/// <summary>
/// <c>run --abort-if</c> through the command line, against the throttling proxy in front of Azurite: a condition that
/// holds stops the run early and completely, one that never holds changes nothing, and every malformed one is refused.
/// </summary>
[Collection(GateAzuriteCollection.Name)]
public sealed class AbortIfTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    // Far below what a few tasks send into one partition, so the proxy throttles from the first seconds on.
    private const int PartitionLimit = 200;
    private const int DurationSeconds = 30;

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-abort-").FullName;

    private static string[] Run(string output, string table, int duration = DurationSeconds) =>
        ["run", "--tasks", "4", "--batch-size", "20", "--duration", $"{duration}s", "--warmup", "1s", "--quiet", "--output", output, "--table", table];

    private static string NewTable(string stem) => (stem + Guid.NewGuid().ToString("N"))[..24];

    private static string StopLine(string stdout) =>
        Assert.Single(stdout.Split('\n').Select(l => l.TrimEnd()), l => l.StartsWith("Stopped by --abort-if ", StringComparison.Ordinal));

    [Fact]
    public async Task EpsBelowAShareOfTheTarget_StopsTheRunEarly_Exit99_NamingTheTargetAndTheFigure_EveryFileWritten_TableDeleted()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });
        var output = Path.Combine(_root, "target");
        var table = NewTable("aborttarget");

        var (exitCode, stdout, stderr) = await RunAsync([.. Run(output, table), "--rate", "2000", "--abort-if", "eps<0.8*target for 2s"], proxy.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        var stoppedBy = Assert.IsType<StoppedBy>(summary.StoppedBy);
        Assert.Equal("eps<0.8*target for 2s", stoppedBy.Condition);
        Assert.Equal(2000, stoppedBy.Target);
        Assert.True(stoppedBy.Figure < 1600, $"figure {stoppedBy.Figure}");
        Assert.True(stoppedBy.AtSecond >= 2, $"at second {stoppedBy.AtSecond}");
        Assert.Equal(RunStatus.Complete, summary.Status);
        Assert.True(summary.MeasuredSeconds < DurationSeconds, $"measured {summary.MeasuredSeconds} s");
        Assert.Equal(
            $"Stopped by --abort-if eps<0.8*target for 2s at second {stoppedBy.AtSecond}: eps was {Math.Round(stoppedBy.Figure, MidpointRounding.AwayFromZero).ToString("0", CultureInfo.InvariantCulture)} e/s over the last 2 s, with the target at 2000 e/s.",
            StopLine(stdout));
        Assert.EndsWith($"results: {output}", stdout.TrimEnd(), StringComparison.Ordinal);
        foreach (var file in new[] { ResultFiles.RunJson, ResultFiles.SummaryJson, ResultFiles.IntervalsCsv, ResultFiles.LatencyHlog, ResultFiles.BatchesCsv })
        {
            Assert.True(File.Exists(Path.Combine(output, file)), file);
        }

        // Created again here only because the run deleted it.
        using var client = proxy.Client();
        Assert.True(await client.CreateTableAsync(table, CancellationToken.None));
        await client.DeleteTableAsync(table, CancellationToken.None);
    }

    [Fact]
    public async Task ThrottledAboveItsShare_InTwoProcesses_IsJudgedOnTheFleetsSeconds_Exit99_WithStoppedBy()
    {
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });
        var output = Path.Combine(_root, "fleet");

        var (exitCode, stdout, stderr) = await RunAsync([.. Run(output, NewTable("abortfleet")), "--processes", "2", "--abort-if", "throttled>5% for 2s"], proxy.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(2, summary.Processes);
        Assert.Equal(RunStatus.Complete, summary.Status);
        var stoppedBy = Assert.IsType<StoppedBy>(summary.StoppedBy);
        Assert.Equal("throttled>5% for 2s", stoppedBy.Condition);
        Assert.True(stoppedBy.Figure > 5, $"figure {stoppedBy.Figure}");
        Assert.Null(stoppedBy.Target);
        Assert.True(summary.MeasuredSeconds < DurationSeconds, $"measured {summary.MeasuredSeconds} s");
        Assert.StartsWith($"Stopped by --abort-if throttled>5% for 2s at second {stoppedBy.AtSecond}: throttled was ", StopLine(stdout), StringComparison.Ordinal);
        Assert.True(summary.Outcomes["server_busy"] > 0);
    }

    [Fact]
    public async Task ARampPastThePartitionLimit_StopsInItsStage_NamingTheRampsTargetAtTheBreak()
    {
        // A breakpoint test in small: the rate ramps from 100 to 1,000 e/s over 20 s into a partition limited to 200, which
        // 8 tasks pass at any machine speed that answers a batch of 10 within 0.4 s.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = PartitionLimit });
        var output = Path.Combine(_root, "ramp");
        string[] arguments = ["run", "--tasks", "8", "--batch-size", "10", "--rate", "100", "--stages", "20s:1000", "--warmup", "1s", "--quiet",
            "--output", output, "--table", NewTable("abortramp"), "--abort-if", "throttled>5% for 2s"];

        var (exitCode, stdout, stderr) = await RunAsync(arguments, proxy.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var stoppedBy = Assert.IsType<StoppedBy>(new ResultFolder(output).Summary.StoppedBy);
        // The ramp's target at the second it stopped: 100 + 45 e/s for each second.
        Assert.Equal(100 + (45.0 * stoppedBy.AtSecond), stoppedBy.Target!.Value, 6);
        Assert.True(stoppedBy.Target > PartitionLimit && stoppedBy.AtSecond < 20, $"stopped at second {stoppedBy.AtSecond}, target {stoppedBy.Target}");
        Assert.StartsWith($"Stopped by --abort-if throttled>5% for 2s at second {stoppedBy.AtSecond}, in stage s1: throttled was ", StopLine(stdout), StringComparison.Ordinal);
        Assert.EndsWith(string.Create(CultureInfo.InvariantCulture, $", with the target at {stoppedBy.Target:0} e/s."), StopLine(stdout), StringComparison.Ordinal);
    }

    [Fact]
    public async Task AWindowLongerThanTheStages_IsRefused_ExitTwo()
    {
        var output = Path.Combine(_root, "refusedstages");

        var (exitCode, _, stderr) = await RunAsync(
            ["run", "--rate", "100", "--stages", "2s:200,2s:200", "--quiet", "--output", output, "--abort-if", "eps<0.5*target for 5s"],
            "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=" + AzuriteFixture.AccountKey + ";TableEndpoint=http://127.0.0.1:9/devstoreaccount1;");

        Assert.Equal(2, exitCode);
        Assert.StartsWith("--abort-if 'eps<0.5*target for 5s' has a window longer than the run's measured time (4s)", stderr.Trim(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ConditionsThatNeverHold_GivenTwice_ExitZero_WithoutStoppedBy()
    {
        var output = Path.Combine(_root, "held");

        // At a trickle: the conditions are judged on each of the 3 s at any load, and a closed model's would only fill the cores.
        var (exitCode, stdout, stderr) = await RunAsync(
            [.. Run(output, NewTable("abortnever"), duration: 3), "--rate", "200", "--abort-if", "throttled>50% for 2s", "--abort-if", "p99>1m for 1s"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        Assert.Null(summary.StoppedBy);
        Assert.Equal(RunStatus.Complete, summary.Status);
        Assert.DoesNotContain("Stopped by", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("stopped_by", File.ReadAllText(Path.Combine(output, ResultFiles.SummaryJson)), StringComparison.Ordinal);
        Assert.Contains("\"abort_if\": \"throttled>50% for 2s,p99>1m for 1s\"", File.ReadAllText(Path.Combine(output, ResultFiles.RunJson)), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("throttled>5%", "--abort-if 'throttled>5%' has no window; write FIGURE OP VALUE for WINDOW")]
    [InlineData("throttled>5% for 500ms", "--abort-if 'throttled>5% for 500ms' needs a window of whole seconds after 'for', at least 1s")]
    [InlineData("throttled>5% for 0s", "--abort-if 'throttled>5% for 0s' needs a window of whole seconds")]
    [InlineData("throttled>5% for 1.5s", "--abort-if 'throttled>5% for 1.5s' needs a window of whole seconds")]
    [InlineData("throttled>5% for 31s", "--abort-if 'throttled>5% for 31s' has a window longer than the run's measured time (30s)")]
    [InlineData("p99>2 for 5s", "--abort-if 'p99>2 for 5s' needs a latency with its unit")]
    [InlineData("p98>2s for 5s", "--abort-if 'p98>2s for 5s' names no figure TableLoad measures")]
    [InlineData("eps<0.8*target for 10s", "--abort-if 'eps<0.8*target for 10s' compares with the target, which only the open model has: give --rate too.")]
    [InlineData("p99>0.8*target for 10s", "--abort-if 'p99>0.8*target for 10s' compares p99 with the target")]
    [InlineData("eps<0.8target for 10s", "--abort-if 'eps<0.8target for 10s' needs a bound such as 0.8*target")]
    [InlineData("cpu>50us for 10s", "--abort-if 'cpu>50us for 10s' judges cpu, which is measured over the whole run")]
    public async Task AMalformedCondition_IsOneSentence_ExitTwo_BeforeAnyRequest(string condition, string expected)
    {
        var output = Path.Combine(_root, "refused");

        // No service at all: a refusal must come before any request.
        var (exitCode, _, stderr) = await RunAsync([.. Run(output, "refused"), "--abort-if", condition], "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=" + AzuriteFixture.AccountKey + ";TableEndpoint=http://127.0.0.1:9/devstoreaccount1;");

        Assert.Equal(2, exitCode);
        Assert.StartsWith(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task AMalformedConditionInAProfileOrTheEnvironment_IsRefusedAlike()
    {
        var profile = Path.Combine(_root, "profile.json");
        await File.WriteAllTextAsync(profile, """{ "abort_if": "throttled>5%" }""");

        var fromProfile = await RunAsync([.. Run(Path.Combine(_root, "p"), "profiled"), "--config", profile], azurite.ConnectionString);
        using var fromEnvironment = TableLoadProcess.Start(Run(Path.Combine(_root, "e"), "environed"), azurite.ConnectionString, ("TABLELOAD_ABORT_IF", "p99>2s"));
        var environmentExit = await fromEnvironment.WaitForExitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(2, fromProfile.ExitCode);
        Assert.StartsWith("--abort-if 'throttled>5%' has no window", Assert.Single(fromProfile.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.Equal(2, environmentExit);
        Assert.StartsWith("--abort-if 'p99>2s' has no window", Assert.Single(fromEnvironment.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Sweep_PassesARepeatedConditionToEachCell_AndTuneRefusesIt()
    {
        var output = Path.Combine(_root, "sweep");

        var sweep = await RunAsync(
            ["sweep", "--tasks", "1,2", "--batch-size", "10", "--rate", "100", "--duration", "2s", "--warmup", "0s", "--cooldown", "0s", "--output", output, "--abort-if", "throttled>90% for 1s", "--abort-if", "p99>1m for 1s"],
            azurite.ConnectionString);
        var tune = await RunAsync(["tune", "--output", Path.Combine(_root, "tune"), "--abort-if", "throttled>5% for 2s"], azurite.ConnectionString);

        Assert.True(sweep.ExitCode == 0, sweep.Stdout + sweep.Stderr);
        Assert.Equal(2, Directory.GetFiles(output, ResultFiles.SummaryJson, SearchOption.AllDirectories).Length);
        Assert.Equal(2, tune.ExitCode);
        Assert.StartsWith("tune judges its probes by its own constraints, --p99 and --max-throttled, so it takes no --fail-if, --abort-if or --junit", tune.Stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(IReadOnlyList<string> args, string connectionString)
    {
        var result = await TableLoadProcess.RunAsync(args, connectionString);
        log.WriteLine(result.Stdout);
        log.WriteLine(result.Stderr);
        return result;
    }
}
