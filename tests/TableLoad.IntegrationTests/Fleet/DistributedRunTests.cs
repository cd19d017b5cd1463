using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Histograms;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>Independent instances started together and merged by report equal the sum of their parts.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed class DistributedRunTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-dist-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ThreeInstancesMergedByReport_EqualTheSumOfTheirParts_WithPercentilesOfTheMergedHistograms(string client)
    {
        var runId = "";
        var instances = await StartTogether.StartAsync((startAt, attempt) =>
        {
            runId = $"dist{attempt}" + Guid.NewGuid().ToString("N")[..6];
            // At a rate, ten batches a second each: the sums and merged percentiles hold for any count of batches, and three
            // instances flat out would keep both cores busy for the 4 s.
            return Enumerable.Range(0, 3).Select(k => TableLoadProcess.Start(
                ["run", "--client", client, "--start-at", startAt, "--run-id", runId, "--instance", k.ToString(CultureInfo.InvariantCulture), "--tasks", "2",
                 "--rate", "100", "--batch-size", "10", "--duration", "3s", "--warmup", "1s", "--quiet", "--output", Path.Combine(_root, $"i{k}")],
                azurite.ConnectionString)).ToList();
        });
        foreach (var instance in instances)
        {
            using (instance)
            {
                Assert.True(await instance.WaitForExitAsync(TimeSpan.FromMinutes(2)) == 0, instance.StandardError);
            }
        }

        var parts = Enumerable.Range(0, 3).Select(k => new ResultFolder(Path.Combine(_root, $"i{k}"))).ToList();
        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", .. parts.Select(p => p.Path), "--output", merged], connectionString: null);

        Assert.True(report.ExitCode == 0, report.Stderr);
        var summary = new ResultFolder(merged).Summary;
        Assert.Equal(parts.Sum(p => p.Summary.EntitiesSucceeded), summary.EntitiesSucceeded);
        Assert.Equal(parts.Sum(p => p.Summary.EntitiesFailed), summary.EntitiesFailed);

        Assert.Equal(3, summary.Processes);
        var direct = new LatencyHistogram();
        foreach (var record in parts.SelectMany(p => p.HistogramLog()).Where(r => r.Tag is null))
        {
            direct.Add(record.Histogram);
        }

        var latency = summary.LatencyMs;
        Assert.Equal(direct.TotalCount, latency.Count);
        Assert.Equal(parts.Sum(p => p.Summary.LatencyMs.Count), direct.TotalCount);
        foreach (var (value, percentile) in new[] { (latency.Median, 50.0), (latency.P90, 90.0), (latency.P99, 99.0) })
        {
            Assert.Equal(direct.ValueAtPercentile(percentile) / 1000.0, value, 3);
        }

        // Instances share one table, named for the run, and none deletes it.
        var stored = await StoredEntities.CountByPartitionAsync(azurite, "tl" + runId);
        Assert.Equal(parts.Sum(p => p.Summary.EntitiesSucceeded + p.Summary.Warmup.EntitiesSucceeded), stored.Values.Sum());
    }

    [Fact]
    public async Task Report_RefusesFoldersOfDifferentRuns_WithoutALabel_AndMergesThemWithOne()
    {
        var folders = new[] { 0, 1 }.Select(k => Path.Combine(_root, $"r{k}")).ToList();
        // Two runs of their own, started together: two processes merely launched at once need not overlap on a busy machine. At a
        // trickle: the merged mean's bound holds at any rate, and two closed loops would keep both cores busy for the 2 s.
        var runs = await StartTogether.StartAsync((startAt, _) => folders.Select((folder, k) => TableLoadProcess.Start(
            ["run", "--start-at", startAt, "--duration", "2s", "--warmup", "0s", "--tasks", "1", "--batch-size", "10", "--rate", "100", "--table", $"together{k}{Guid.NewGuid():N}"[..20], "--quiet", "--output", folder],
            azurite.ConnectionString)).ToList());
        foreach (var run in runs)
        {
            using (run)
            {
                Assert.True(await run.WaitForExitAsync(TimeSpan.FromMinutes(2)) == 0, run.StandardError);
            }
        }

        var refused = await TableLoadProcess.RunAsync(["report", .. folders], connectionString: null);
        var grouped = await TableLoadProcess.RunAsync(["report", .. folders, "--label", "both", "--output", Path.Combine(_root, "grouped")], connectionString: null);

        Assert.Equal(2, refused.ExitCode);
        Assert.Contains("--label", Assert.Single(refused.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.True(grouped.ExitCode == 0, grouped.Stderr);
        var summary = ResultJson.ReadSummary(Path.Combine(_root, "grouped", ResultFiles.SummaryJson));
        Assert.Equal("both", summary.Label);
        // The merged mean is over the union of the measured periods, each at least as long as one run's own
        // period, so it can never pass the sum of the runs' means (a whole second's peak is no bound: the
        // edge seconds of a run are partial).
        var partMeans = folders.Sum(folder => ResultJson.ReadSummary(Path.Combine(folder, ResultFiles.SummaryJson)).MeanEntitiesPerSecond);
        Assert.InRange(summary.MeanEntitiesPerSecond, 1, partMeans * 1.000001);
    }

    [Fact]
    public async Task ReportLabel_RunsOneAfterTheOther_IsRefusedInOneSentence_BeforeAnyFileIsWritten()
    {
        var folders = new List<string>();
        foreach (var k in new[] { 0, 1 })
        {
            // A few batches each, ended by count: one run's measured period ends before the next begins whatever their length.
            var folder = Path.Combine(_root, $"seq{k}");
            var run = await TableLoadProcess.RunAsync(
                ["run", "--batches", "3", "--duration", "60s", "--warmup", "0s", "--tasks", "1", "--batch-size", "10", "--quiet", "--output", folder], azurite.ConnectionString);
            Assert.True(run.ExitCode == 0, run.Stderr);
            folders.Add(folder);
        }

        var merged = Path.Combine(_root, "seq-merged");
        var report = await TableLoadProcess.RunAsync(["report", .. folders, "--label", "one-after-the-other", "--output", merged], connectionString: null);

        Assert.Equal(2, report.ExitCode);
        var sentence = Assert.Single(report.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("before", sentence, StringComparison.Ordinal);
        Assert.Contains("report them separately", sentence, StringComparison.Ordinal);
        Assert.False(Directory.Exists(merged));
    }

    [Fact]
    public async Task Report_RefusesInstancesOfDifferentClients_WithoutALabel()
    {
        var runIdTail = Guid.NewGuid().ToString("N")[..6];
        // Two instances of one run, started together (report merges only runs that overlap), one per client, at a trickle: the
        // refusal is of their clients, whatever their load.
        string[] clients = ["sdk", "wire"];
        var folders = clients.Select(client => Path.Combine(_root, client)).ToList();
        var runs = await StartTogether.StartAsync((startAt, attempt) => clients.Select((client, k) => TableLoadProcess.Start(
            ["run", "--client", client, "--start-at", startAt, "--run-id", $"mix{attempt}" + runIdTail, "--instance", k.ToString(CultureInfo.InvariantCulture), "--tasks", "1",
             "--batch-size", "10", "--rate", "100", "--duration", "2s", "--warmup", "0s", "--quiet", "--output", folders[k]],
            azurite.ConnectionString)).ToList());
        for (var k = 0; k < clients.Length; k++)
        {
            using var run = runs[k];
            Assert.True(await run.WaitForExitAsync(TimeSpan.FromMinutes(2)) == 0, run.StandardError);
            Assert.Equal(clients[k], new ResultFolder(folders[k]).Summary.BatchClient);
        }

        var refused = await TableLoadProcess.RunAsync(["report", .. folders], connectionString: null);
        var grouped = await TableLoadProcess.RunAsync(["report", .. folders, "--label", "both clients", "--output", Path.Combine(_root, "grouped")], connectionString: null);

        Assert.Equal(2, refused.ExitCode);
        var sentence = Assert.Single(refused.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("different clients (sdk, wire)", sentence, StringComparison.Ordinal);
        Assert.True(grouped.ExitCode == 0, grouped.Stderr);
        Assert.Equal("sdk+wire", new ResultFolder(Path.Combine(_root, "grouped")).Summary.BatchClient);
        Assert.Contains("client sdk+wire", grouped.Stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
