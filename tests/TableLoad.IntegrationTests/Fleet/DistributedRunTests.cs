using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement.Histograms;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>Independent instances started together and merged by report equal the sum of their parts.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class DistributedRunTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-dist-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ThreeInstancesMergedByReport_EqualTheSumOfTheirParts_WithPercentilesOfTheMergedHistograms(string client)
    {
        var runId = "dist" + Guid.NewGuid().ToString("N")[..6];
        var startAt = DateTimeOffset.UtcNow.AddSeconds(4).ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture);
        var instances = Enumerable.Range(0, 3).Select(k => TableLoadProcess.RunAsync(
            ["run", "--client", client, "--start-at", startAt, "--run-id", runId, "--instance", k.ToString(CultureInfo.InvariantCulture), "--tasks", "2",
             "--duration", "3s", "--warmup", "1s", "--quiet", "--output", Path.Combine(_root, $"i{k}")],
            azurite.ConnectionString)).ToList();
        foreach (var instance in await Task.WhenAll(instances))
        {
            Assert.True(instance.ExitCode == 0, instance.Stderr);
        }

        var parts = Enumerable.Range(0, 3).Select(k => new ResultFolder(Path.Combine(_root, $"i{k}"))).ToList();
        var merged = Path.Combine(_root, "merged");
        var report = await TableLoadProcess.RunAsync(["report", .. parts.Select(p => p.Path), "--output", merged], connectionString: null);

        Assert.True(report.ExitCode == 0, report.Stderr);
        var summary = new ResultFolder(merged).Summary;
        foreach (var total in new[] { "entities_succeeded", "entities_failed" })
        {
            Assert.Equal(parts.Sum(p => p.Summary.GetProperty(total).GetInt64()), summary.GetProperty(total).GetInt64());
        }

        Assert.Equal(3, summary.GetProperty("processes").GetInt32());
        var direct = new LatencyHistogram();
        foreach (var record in parts.SelectMany(p => p.HistogramLog()).Where(r => r.Tag is null))
        {
            direct.Add(record.Histogram);
        }

        var latency = summary.GetProperty("latency_ms");
        Assert.Equal(direct.TotalCount, latency.GetProperty("count").GetInt64());
        Assert.Equal(parts.Sum(p => p.Summary.GetProperty("latency_ms").GetProperty("count").GetInt64()), direct.TotalCount);
        foreach (var (name, percentile) in new[] { ("median", 50.0), ("p90", 90.0), ("p99", 99.0) })
        {
            Assert.Equal(direct.ValueAtPercentile(percentile) / 1000.0, latency.GetProperty(name).GetDouble(), 3);
        }

        // Instances share one table, named for the run, and none deletes it.
        var stored = await StoredEntities.CountByPartitionAsync(azurite, "tl" + runId);
        Assert.Equal(parts.Sum(p => p.Summary.GetProperty("entities_succeeded").GetInt64() + p.Summary.GetProperty("warmup").GetProperty("entities_succeeded").GetInt64()), stored.Values.Sum());
    }

    [Fact]
    public async Task Report_RefusesFoldersOfDifferentRuns_WithoutALabel()
    {
        var folders = new List<string>();
        foreach (var k in new[] { 0, 1 })
        {
            var folder = Path.Combine(_root, $"r{k}");
            var run = await TableLoadProcess.RunAsync(["run", "--batches", "2", "--warmup", "0s", "--quiet", "--output", folder], azurite.ConnectionString);
            Assert.True(run.ExitCode == 0, run.Stderr);
            folders.Add(folder);
        }

        var refused = await TableLoadProcess.RunAsync(["report", .. folders], connectionString: null);
        var grouped = await TableLoadProcess.RunAsync(["report", .. folders, "--label", "both", "--output", Path.Combine(_root, "grouped")], connectionString: null);

        Assert.Equal(2, refused.ExitCode);
        Assert.Contains("--label", Assert.Single(refused.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.True(grouped.ExitCode == 0, grouped.Stderr);
        Assert.Equal("both", new ResultFolder(Path.Combine(_root, "grouped")).Summary.GetProperty("label").GetString());
    }

    [Fact]
    public async Task Report_RefusesInstancesOfDifferentClients_WithoutALabel()
    {
        var runId = "mix" + Guid.NewGuid().ToString("N")[..6];
        var folders = new List<string>();
        foreach (var (k, client) in new[] { (0, "sdk"), (1, "wire") })
        {
            var folder = Path.Combine(_root, client);
            var run = await TableLoadProcess.RunAsync(
                ["run", "--client", client, "--run-id", runId, "--instance", k.ToString(CultureInfo.InvariantCulture), "--batches", "2", "--warmup", "0s", "--allow-existing-table", "--quiet", "--output", folder],
                azurite.ConnectionString);
            Assert.True(run.ExitCode == 0, run.Stderr);
            Assert.Equal(client, new ResultFolder(folder).Summary.GetProperty("batch_client").GetString());
            folders.Add(folder);
        }

        var refused = await TableLoadProcess.RunAsync(["report", .. folders], connectionString: null);
        var grouped = await TableLoadProcess.RunAsync(["report", .. folders, "--label", "both clients", "--output", Path.Combine(_root, "grouped")], connectionString: null);

        Assert.Equal(2, refused.ExitCode);
        var sentence = Assert.Single(refused.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("different clients (sdk, wire)", sentence, StringComparison.Ordinal);
        Assert.True(grouped.ExitCode == 0, grouped.Stderr);
        Assert.Equal("sdk+wire", new ResultFolder(Path.Combine(_root, "grouped")).Summary.GetProperty("batch_client").GetString());
        Assert.Contains("client sdk+wire", grouped.Stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
