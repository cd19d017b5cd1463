using System.Diagnostics;
using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Reporting;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Fleet;

[Collection(FleetAzuriteCollection.Name)]
public sealed class MultiProcessRunTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-fleet-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ThreeProcesses_StoreExactlyTheSucceededCount_AndReportEachProcess(string client)
    {
        var table = StoredEntities.NewTableName("fleet");

        // At a trickle, ten batches a second for each process: what is stored equals what is reported at any load, and three
        // processes flat out would keep both cores busy for the 4 s.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--processes", "3", "--tasks", "2", "--batch-size", "10", "--rate", "300", "--table", table, "--keep-table",
             "--duration", "3s", "--warmup", "1s", "--verify", "--per-process", "--output", _output, "--quiet"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(_output);
        var summary = folder.Summary;
        var reported = summary.EntitiesSucceeded + summary.Warmup.EntitiesSucceeded;
        var stored = await StoredEntities.CountByPartitionAsync(azurite, table);
        Assert.Equal(reported, stored.Values.Sum());
        Assert.Contains($"stored {reported} entities: matches", stdout, StringComparison.Ordinal);
        Assert.Equal(3, summary.Processes);

        var perProcess = summary.PerProcess.ToList();
        Assert.Equal(["p0", "p1", "p2"], perProcess.Select(p => p.Row));
        Assert.Equal(summary.EntitiesSucceeded, perProcess.Sum(p => p.EntitiesSucceeded));
        Assert.Equal(summary.LatencyMs.Count, perProcess.Sum(p => p.LatencyMs.Count));
        Assert.Contains("|        p2 |", stdout, StringComparison.Ordinal);

        // Every process wrote its own rows, as many measured ones as its row of the table counts; together they hold every
        // measured batch. (A process that a loaded machine started late may have measured none: its file then has none.)
        for (var k = 0; k < 3; k++)
        {
            var own = folder.Csv(ResultFiles.BatchesCsvOf(k, 3));
            Assert.All(own, r => Assert.Equal(k, int.Parse(r["process"], CultureInfo.InvariantCulture)));
            Assert.Equal(perProcess[k].LatencyMs.Count, own.Count(r => r["warmup"] == "false"));
        }

        var rows = Enumerable.Range(0, 3).SelectMany(k => folder.Csv(ResultFiles.BatchesCsvOf(k, 3))).ToList();
        Assert.Equal(summary.LatencyMs.Count, rows.Count(r => r["warmup"] == "false"));
    }

    [Fact]
    public async Task WorkerKilledMidRun_GivesAPartialSummaryNamingIt_ExitFive_AndFilesThatParse()
    {
        var table = StoredEntities.NewTableName("killed");
        // At a rate: the two workers left run to the end of the 8 s, which flat out would keep both cores busy for nothing the
        // test reads; what it reads (the exit code, the partial files, stored against reported) holds at any rate.
        using var run = TableLoadProcess.Start(
            ["run", "--processes", "3", "--tasks", "2", "--rate", "300", "--batch-size", "10", "--table", table, "--keep-table", "--duration", "8s", "--warmup", "0s", "--output", _output],
            azurite.ConnectionString);
        await run.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(60));
        var worker = WorkerPids(run.Id).First();

        Process.GetProcessById(worker).Kill();
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(5, exitCode);
        Assert.Contains($"(pid {worker}) exited with code", run.StandardError, StringComparison.Ordinal);
        // The fault matrix's killed-worker case: every file still parses.
        var folder = new ResultFolder(_output);
        var summary = folder.ParseEveryFile();
        Assert.Equal("partial", summary.Status.ToSnakeCase());
        Assert.True(summary.EntitiesSucceeded > 0);
        Assert.NotEmpty(folder.Csv(ResultFiles.IntervalsCsv));
        Assert.NotEmpty(folder.HistogramLog());

        // The killed worker's last batches may be stored without having been reported, never the other way round.
        var stored = (await StoredEntities.CountByPartitionAsync(azurite, table)).Values.Sum();
        var reported = summary.EntitiesSucceeded + summary.Warmup.EntitiesSucceeded;
        log.WriteLine($"killed worker: exit {exitCode}; batches by outcome {string.Join(", ", summary.Outcomes.Where(o => o.Value > 0))}; stored {stored}, reported {reported}");
        Assert.True(stored >= reported, $"stored {stored} < reported {reported}");
    }

    [Fact]
    public async Task Interrupt_ReachesEveryWorker_WhichDrainAndFlush()
    {
        // At a trickle: the stop reaches the workers whatever they send, and flat out they would fill the cores until it does.
        using var run = TableLoadProcess.Start(
            ["run", "--processes", "2", "--tasks", "2", "--batch-size", "10", "--rate", "200", "--duration", "5m", "--warmup", "0s", "--output", _output], azurite.ConnectionString);
        await run.WaitForErrorTextAsync("e/s", TimeSpan.FromSeconds(60));

        // Only the coordinator is signalled, as by `kill -INT`; it must relay the stop to its workers.
        run.Signal(2);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(130, exitCode);
        var folder = new ResultFolder(_output);
        Assert.Equal("interrupted", folder.Summary.Status.ToSnakeCase());
        var rows = Enumerable.Range(0, 2).SelectMany(k => folder.Csv(ResultFiles.BatchesCsvOf(k, 2))).ToList();
        Assert.Equal(
            folder.Summary.EntitiesSucceeded,
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
