using System.Diagnostics;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

[Collection(AzuriteCollection.Name)]
public sealed class MultiProcessRunTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-fleet-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ThreeProcesses_StoreExactlyTheSucceededCount_AndReportEachProcess(string client)
    {
        var table = StoredEntities.NewTableName("fleet");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--processes", "3", "--tasks", "2", "--table", table, "--keep-table", "--duration", "3s", "--warmup", "1s", "--verify", "--per-process", "--output", _output, "--quiet"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(_output);
        var summary = folder.Summary;
        var reported = summary.GetProperty("entities_succeeded").GetInt64() + summary.GetProperty("warmup").GetProperty("entities_succeeded").GetInt64();
        var stored = await StoredEntities.CountByPartitionAsync(azurite, table);
        Assert.Equal(reported, stored.Values.Sum());
        Assert.Contains($"stored {reported} entities: matches", stdout, StringComparison.Ordinal);
        Assert.Equal(3, summary.GetProperty("processes").GetInt32());

        var perProcess = summary.GetProperty("per_process").EnumerateArray().ToList();
        Assert.Equal(["p0", "p1", "p2"], perProcess.Select(p => p.GetProperty("row").GetString()));
        Assert.Equal(summary.GetProperty("entities_succeeded").GetInt64(), perProcess.Sum(p => p.GetProperty("entities_succeeded").GetInt64()));
        Assert.Equal(summary.GetProperty("latency_ms").GetProperty("count").GetInt64(), perProcess.Sum(p => p.GetProperty("latency_ms").GetProperty("count").GetInt64()));
        Assert.Contains("|        p2 |", stdout, StringComparison.Ordinal);

        // Every process wrote its own rows; together they hold every measured batch.
        var rows = Enumerable.Range(0, 3).SelectMany(k => folder.Csv($"batches-{k}.csv")).ToList();
        Assert.Equal([0, 1, 2], rows.Select(r => int.Parse(r["process"])).Distinct().Order());
        Assert.Equal(summary.GetProperty("latency_ms").GetProperty("count").GetInt64(), rows.Count(r => r["warmup"] == "false"));
    }

    [Fact]
    public async Task WorkerKilledMidRun_GivesAPartialSummaryNamingIt_ExitFive_AndFilesThatParse()
    {
        using var run = TableLoadProcess.Start(
            ["run", "--processes", "3", "--tasks", "2", "--duration", "8s", "--warmup", "0s", "--output", _output], azurite.ConnectionString);
        await run.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(60));
        var worker = WorkerPids(run.Id).First();

        Process.GetProcessById(worker).Kill();
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(5, exitCode);
        Assert.Contains($"(pid {worker}) exited with code", run.StandardError, StringComparison.Ordinal);
        var folder = new ResultFolder(_output);
        Assert.Equal("partial", folder.Summary.GetProperty("status").GetString());
        Assert.True(folder.Summary.GetProperty("entities_succeeded").GetInt64() > 0);
        Assert.NotEmpty(folder.Csv("intervals.csv"));
        Assert.NotEmpty(folder.HistogramLog());
        Assert.All(Directory.GetFiles(_output, "batches-*.csv"), file => Assert.NotNull(folder.Csv(Path.GetFileName(file))));
    }

    [Fact]
    public async Task Interrupt_ReachesEveryWorker_WhichDrainAndFlush()
    {
        using var run = TableLoadProcess.Start(
            ["run", "--processes", "2", "--tasks", "2", "--duration", "5m", "--warmup", "0s", "--output", _output], azurite.ConnectionString);
        await run.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(60));

        // Only the coordinator is signalled, as by `kill -INT`; it must relay the stop to its workers.
        run.Signal(2);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(130, exitCode);
        var folder = new ResultFolder(_output);
        Assert.Equal("interrupted", folder.Summary.GetProperty("status").GetString());
        var rows = Enumerable.Range(0, 2).SelectMany(k => folder.Csv($"batches-{k}.csv")).ToList();
        Assert.Equal(
            folder.Summary.GetProperty("entities_succeeded").GetInt64(),
            rows.Where(r => r["outcome"] == "succeeded" && r["warmup"] == "false").Sum(r => ResultFolder.Count(r["entities"])));
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    /// <summary>The pids of the run's worker processes (its children running the hidden worker command).</summary>
    private static List<int> WorkerPids(int coordinator)
    {
        var children = ProcessTree.Children(coordinator);
        Assert.Equal(3, children.Count);
        return children;
    }
}
