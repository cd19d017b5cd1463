using System.Xml.Linq;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;

namespace TableLoad.IntegrationTests.Gates;

/// <summary>
/// Gates scoped by an operation (<c>read.p99&lt;20ms</c>) through the command line against Azurite. The runs mix reads and upserts
/// over a key space of 100,000,000 keys in a table that starts empty: the upserts store every entity, and a read finds a key only
/// if an upsert wrote it first (some 200 of the 100,000,000), so the reads' failed share is near 100%, the upserts' 0% and the
/// run's between, by construction and at any machine speed.
/// </summary>
[Collection(GateAzuriteCollection.Name)]
public sealed class ScopedGateTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-scoped-").FullName;

    /// <summary>A run of <paramref name="operations"/> (<c>--mix</c> or <c>--operation</c>) over the key space, in a table made empty for it.</summary>
    private async Task<string[]> OnAnEmptyTable(string output, string option = "--mix", string operations = "read:1,upsert-replace:1")
    {
        var table = StoredEntities.NewTableName("scoped");
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table));
        return ["run", option, operations, "--key-space", "100000000", "--allow-existing-table", "--table", table,
            "--batch-size", "5", "--tasks", "2", "--warmup", "0s", "--quiet", "--output", output];
    }

    private static IReadOnlyList<string> ThresholdLines(string stdout) =>
        [.. stdout.Split('\n').Select(l => l.TrimEnd()).Where(l => l.StartsWith("threshold ", StringComparison.Ordinal))];

    [Fact]
    public async Task ScopedThresholds_JudgeEachOperationsOwnFigures_Exit99_NamingTheScopeInTheLineSummaryAndJunit_AndReportJudgesTheMergedOperationsAlike()
    {
        var output = Path.Combine(_root, "run");
        var junit = Path.Combine(_root, "run.xml");
        const string Gates = "read.p99<100000ms,read.p99<0.001ms,read.failed>0%,upsert-replace.failed<=0%,failed<=0%";

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            [.. await OnAnEmptyTable(output), "--batches", "40", "--fail-if", Gates, "--junit", junit], azurite.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        var (read, upserts) = (summary.Operations["read"], summary.Operations["upsert-replace"]);
        var lines = ThresholdLines(stdout);
        Assert.Equal(5, lines.Count);
        Assert.Equal(Gates.Split(','), lines.Select(l => l["threshold ".Length..l.IndexOf(':', StringComparison.Ordinal)]));
        Assert.Equal(["passed", "FAILED", "passed", "passed", "FAILED"], lines.Select(l => l[(l.LastIndexOf(' ') + 1)..]));

        // Each scoped verdict is its operation's figure; the unscoped one the run's, which lies between the two.
        var thresholds = summary.Thresholds!;
        Assert.Equal(["read", "read", "read", "upsert-replace", null], thresholds.Select(t => t.Scope));
        Assert.Equal(read.LatencyMs.P99, thresholds[0].Value);
        Assert.Equal(RunShares.FailedPercent(read.EntitiesFailed, read.Entities), thresholds[2].Value);
        Assert.Equal(0, thresholds[3].Value);
        Assert.Equal(RunShares.FailedPercent(summary.EntitiesFailed, summary.EntitiesSucceeded), thresholds[4].Value);
        Assert.InRange(thresholds[4].Value!.Value, double.Epsilon, thresholds[2].Value!.Value - double.Epsilon);
        Assert.True(upserts.Entities > 0 && upserts.EntitiesFailed == 0);

        var cases = XDocument.Load(junit).Root!.Element("testsuite")!.Elements("testcase").ToList();
        Assert.Equal(Gates.Split(','), cases.Select(c => (string)c.Attribute("name")!));
        Assert.StartsWith("read.p99 was ", (string)cases[1].Element("failure")!.Attribute("message")!, StringComparison.Ordinal);

        // report judges the operations it rebuilds from the folder's per-second files, and refuses one the folder never sent.
        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", output, "--output", merged, "--fail-if", "read.failed>0%,upsert-replace.failed<=0%,read.p99<0.001ms"], null);
        var refused = await TableLoadProcess.RunAsync(["report", output, "--output", Path.Combine(_root, "none"), "--fail-if", "query.p99<1s"], null);

        Assert.True(report.ExitCode == 99, report.Stdout + report.Stderr);
        var remade = new ResultFolder(merged).Summary;
        Assert.Equal(["passed", "passed", "FAILED"], ThresholdLines(report.Stdout).Select(l => l[(l.LastIndexOf(' ') + 1)..]));
        Assert.Equal(
            [RunShares.FailedPercent(remade.Operations["read"].EntitiesFailed, remade.Operations["read"].Entities), 0, remade.Operations["read"].LatencyMs.P99],
            remade.Thresholds!.Select(t => t.Value));
        Assert.Equal(2, refused.ExitCode);
        Assert.Equal(
            "--fail-if 'query.p99<1s' is scoped by 'query', which is none of the folders' operations (read, upsert-replace); scope it by one of them, or drop 'query.' to judge the whole run.",
            Assert.Single(refused.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        Assert.False(Directory.Exists(Path.Combine(_root, "none")));
    }

    [Theory]
    [InlineData("--mix", "read:1,upsert-replace:1", 1)]
    [InlineData("--mix", "read:1,upsert-replace:1", 2)]
    [InlineData("--operation", "read", 1)]
    public async Task AnAbortConditionScopedByAnOperation_IsJudgedOnItsPartOfEachSecond_Exit99_NamingTheScope(string option, string operations, int processes)
    {
        var output = Path.Combine(_root, "abort");

        // The whole second's failed share (its reads' single entities beside the upserts' five) stays far below 90% in a mix. At a
        // trickle: every second still holds reads to judge, and a closed model's would only fill the cores until the stop.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            [.. await OnAnEmptyTable(output, option, operations), "--processes", $"{processes}", "--rate", "100", "--duration", "60s", "--abort-if", "read.failed>90% for 2s"],
            azurite.ConnectionString);

        Assert.True(exitCode == 99, stdout + stderr);
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(processes, summary.Processes);
        var stoppedBy = Assert.IsType<StoppedBy>(summary.StoppedBy);
        Assert.Equal("read.failed>90% for 2s", stoppedBy.Condition);
        Assert.True(stoppedBy.Figure > 90, $"figure {stoppedBy.Figure}");
        Assert.True(summary.MeasuredSeconds < 60, $"measured {summary.MeasuredSeconds} s");
        Assert.Contains($"Stopped by --abort-if read.failed>90% for 2s at second {stoppedBy.AtSecond}: read.failed was ", stdout, StringComparison.Ordinal);
        if (option == "--mix")
        {
            Assert.True(RunShares.FailedPercent(summary.EntitiesFailed, summary.EntitiesSucceeded) < 90, "the run's failed share");
        }
    }

    [Theory]
    [InlineData("--fail-if", "query.p99<1s", "--fail-if 'query.p99<1s' is scoped by 'query', which is none of the run's operations (read, upsert-replace); scope it by one of them, or drop 'query.' to judge the whole run.")]
    [InlineData("--abort-if", "insert.p99>1s for 1s", "--abort-if 'insert.p99>1s for 1s' is scoped by 'insert', which is none of the run's operations (read, upsert-replace); scope it by one of them, or drop 'insert.' to judge the whole run.")]
    [InlineData("--abort-if", "read.eps<0.8*target for 1s", "--abort-if 'read.eps<0.8*target for 1s' compares read.eps with the target, which is the whole run's entities per second; compare read.eps with a number, or drop 'read.' to compare the run's.")]
    [InlineData("--fail-if", "read.cpu<50us", "--fail-if 'read.cpu<50us' scopes cpu by 'read', but cpu is measured for the whole process, not for each operation; drop 'read.' to judge the run's.")]
    [InlineData("--fail-if", ".p99<1s", "--fail-if '.p99<1s' has a dot with no name before it; write SCOPE.FIGURE, for example read.p99<20ms, or the figure alone for the whole run.")]
    public async Task AScopeTheRunDoesNotSend_OrAFigureItDoesNotMeasure_IsOneSentence_ExitTwo_BeforeAnyRequest(string option, string condition, string expected)
    {
        var output = Path.Combine(_root, "refused");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--mix", "read:1,upsert-replace:1", "--key-space", "20", "--preload", "--batch-size", "5", "--batches", "10", "--output", output, option, condition], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        Assert.Equal(expected, Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        Assert.False(Directory.Exists(output));
    }

    [Theory]
    [InlineData("--operation insert", "read.p99<1s", "(insert)")]
    [InlineData("--workload ycsb-c --key-space 200 --preload", "upsert-replace.p99<1s", "(read)")]
    [InlineData("--workload ycsb-z", "query.p99<1s", null)]
    public async Task TheScopesOfARunWithoutAMix_AreItsOperationOrItsWorkloads_AndARefusedWorkloadIsSaidAlone(string load, string condition, string? operations)
    {
        var output = Path.Combine(_root, "one");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", .. load.Split(' '), "--batches", "10", "--output", output, "--fail-if", condition], azurite.ConnectionString);

        Assert.Equal(2, exitCode);
        var sentence = Assert.Single(stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        if (operations is null)
        {
            Assert.StartsWith("--workload ", sentence, StringComparison.Ordinal);
        }
        else
        {
            Assert.Contains($"is scoped by '{condition[..condition.IndexOf('.', StringComparison.Ordinal)]}', which is none of the run's operations {operations};", sentence, StringComparison.Ordinal);
        }

        Assert.False(Directory.Exists(output));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
