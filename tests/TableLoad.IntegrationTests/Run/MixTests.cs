using System.Globalization;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--mix through the command line against Azurite: each operation measured apart, its figures kept, merged and verified.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class MixTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-mix-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Mix_EachOperationsFigures_AreItsOwnRequests_AddUpToTheRun_AndReportMergesThemAlike(string client)
    {
        var output = Path.Combine(_root, "run");
        var table = StoredEntities.NewTableName("mx");

        // A budget of requests: every count below holds at any machine speed.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--mix", "read:60,query:20,upsert-replace:20", "--key-space", "30", "--preload", "--batch-size", "5",
             "--query-length", "4", "--tasks", "2", "--batches", "80", "--warmup", "0s", "--table", table, "--verify", "--output", output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(output);
        var summary = folder.Summary;
        Assert.Equal("read:60,query:20,upsert-replace:20", summary.Workload.Text);
        Assert.Equal(["query", "read", "upsert-replace"], summary.Operations.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(80, summary.Operations.Values.Sum(o => o.Requests));
        Assert.Equal(summary.EntitiesSucceeded, summary.Operations.Values.Sum(o => o.Entities));

        // Each operation's figures are its own rows of batches.csv, whatever the draw gave it.
        var rows = folder.Csv("batches.csv");
        foreach (var (name, operation) in summary.Operations)
        {
            var own = rows.Where(r => r["operation"] == name).ToList();
            Assert.Equal(own.Count, operation.Requests);
            Assert.Equal(own.Sum(r => long.Parse(r["entities"], CultureInfo.InvariantCulture)), operation.Entities);
            Assert.Equal(own.Count, operation.LatencyMs.Count);
            Assert.Equal(own.Count, operation.Outcomes["succeeded"]);
            Assert.Equal(own.Count, Column(folder, $"intervals-{name}.csv", "batches").Sum());
            Assert.Matches(new Regex($@"^\|\s+{Regex.Escape(name)} \|", RegexOptions.Multiline), stdout);
        }

        // Each second's slices add up to the whole second.
        var whole = Column(folder, "intervals.csv", "batches");
        var sliced = summary.Operations.Keys.Select(name => Column(folder, $"intervals-{name}.csv", "batches")).ToList();
        Assert.All(sliced, s => Assert.Equal(whole.Count, s.Count));
        Assert.Equal(whole, Enumerable.Range(0, whole.Count).Select(i => sliced.Sum(s => s[i])));
        Assert.Equal(rows.Count(r => r["operation"] == "query"), summary.Operations["query"].Requests);
        Assert.True(summary.QueryPages >= summary.Operations["query"].Requests);

        // The upserts rewrote preloaded keys: the table holds the preload and nothing more.
        Assert.Contains("stored 60 entities: matches", stdout, StringComparison.Ordinal);
        Assert.Contains("a mix of read:60,query:20,upsert-replace:20 (writes in batches of 5) over a key space of 30", stdout, StringComparison.Ordinal);

        // report rebuilds each operation from its per-second files: the same figures as the run's own.
        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", output, "--output", merged], connectionString: null);
        Assert.True(report.ExitCode == 0, report.Stderr);
        var again = new ResultFolder(merged).Summary;
        foreach (var (name, operation) in summary.Operations)
        {
            var remade = again.Operations[name];
            Assert.Equal((operation.Requests, operation.Entities, operation.LatencyMs.P99, operation.PeakEntitiesPerSecond),
                (remade.Requests, remade.Entities, remade.LatencyMs.P99, remade.PeakEntitiesPerSecond));
        }
    }

    [Fact]
    public async Task Mix_OverTwoProcesses_EachProcessRowsOperations_AddUpToTheRuns()
    {
        var output = Path.Combine(_root, "fleet");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--mix", "read:1,upsert-merge:1", "--key-space", "20", "--preload", "--batch-size", "4", "--processes", "2", "--tasks", "1",
             "--batches", "40", "--warmup", "0s", "--quiet", "--output", output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(output).Summary;
        Assert.Equal(2, summary.PerProcess.Count);
        foreach (var (name, operation) in summary.Operations)
        {
            var rows = summary.PerProcess.Select(p => p.Operations[name]).ToList();
            Assert.Equal(operation.Requests, rows.Sum(r => r.Requests));
            Assert.Equal(operation.Entities, rows.Sum(r => r.Entities));
            Assert.Equal(operation.LatencyMs.Count, rows.Sum(r => r.LatencyMs.Count));
        }

        Assert.Equal(summary.Outcomes.Values.Sum(), summary.Operations.Values.Sum(o => o.Requests));
    }

    [Fact]
    public async Task Mix_WeightsNotSummingTo100_AreSaidAsWritten_InTheRunLineAndRunJson_WhichRunsTheSameMixAgain()
    {
        // 30 of 110 taken as a share and multiplied back was 29.999999999999996.
        const string Mix = "read:80,upsert-replace:30";
        var first = Path.Combine(_root, "first");
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--mix", Mix, "--key-space", "20", "--preload", "--batch-size", "5", "--tasks", "1", "--batches", "10", "--warmup", "0s", "--output", first],
            azurite.ConnectionString);
        Assert.True(exitCode == 0, stderr);
        Assert.Contains($", a mix of {Mix} (writes in batches of 5) over a key space of 20, ", stdout, StringComparison.Ordinal);
        Assert.Equal(Mix, new ResultFolder(first).Run.Options.Mix);
        Assert.Equal(Mix, new ResultFolder(first).Summary.Workload.Text);

        var again = Path.Combine(_root, "again");
        var rerun = await TableLoadProcess.RunAsync(["run", "--config", Path.Combine(first, "run.json"), "--quiet", "--output", again], azurite.ConnectionString);
        Assert.True(rerun.ExitCode == 0, rerun.Stderr);
        Assert.Equal(Mix, new ResultFolder(again).Run.Options.Mix);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private static List<long> Column(ResultFolder folder, string file, string column) =>
        [.. folder.Csv(file).Select(r => long.Parse(r[column], CultureInfo.InvariantCulture))];
}
