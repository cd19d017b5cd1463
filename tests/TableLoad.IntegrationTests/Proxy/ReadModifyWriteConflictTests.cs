using Azure.Data.Tables;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Measurement;
using TableLoad.Workload;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Proxy;

/// <summary>
/// Real conflicts: two TableLoad runs read-modify-write the same key of one Azurite table at once, through one proxy, so that each
/// replaces what the other just read; every conflict a run reports is a 412 Azurite answered.
/// </summary>
[Collection(ProxyAzuriteCollection.Name)]
public sealed class ReadModifyWriteConflictTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private const string Prefix = "cf";
    private const int Requests = 300;
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-conflict-").FullName;
    private readonly string _otherOutput = Directory.CreateTempSubdirectory("tableload-conflict-other-").FullName;

    [Fact]
    public async Task TwoRunsOverOneKey_Conflict_AndEachConflictIsA412AzuriteAnswered()
    {
        // No limits: a throttled request retried would be a second read that the runs' request counts do not hold.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 1e9, AccountLimit = 1e9 });
        var table = StoredEntities.NewTableName("conflict");
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table));
        // The one key both runs' only task names: the same prefix, instance, process and task make the same key, and --partitions single
        // puts it in the partition named by the prefix.
        await new TableClient(azurite.ConnectionString, table).AddEntityAsync(new TableEntity(Prefix, RowKeys.CycleStem(Prefix, 0, 0, 0) + "00000000"));
        string[] shared = ["run", "--operation", "read-modify-write", "--key-space", "1", "--key-prefix", Prefix, "--partitions", "single", "--tasks", "1",
            "--table", table, "--allow-existing-table", "--keep-table", "--warmup", "0s", "--quiet"];

        // The other run writes before the measured run's first request and until after its last: whatever the machine's speed, each of
        // the measured run's reads and replaces races the other's, which always has one in flight or about to be.
        using var other = TableLoadProcess.Start([.. shared, "--client", "wire", "--duration", "10m", "--output", _otherOutput], proxy.ConnectionString);
        await WaitUntilAsync(() => proxy.Stats.SingleWrites > 0, other);
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync([.. shared, "--client", "sdk", "--batches", $"{Requests}", "--output", _output], proxy.ConnectionString);
        other.Signal(2);
        var otherExitCode = await other.WaitForExitAsync(TimeSpan.FromMinutes(2));
        log.WriteLine(stdout + stderr + other.StandardError);
        log.WriteLine("proxy: " + proxy.Stats.ToJson());

        Assert.True(exitCode == 0, stderr);
        Assert.True(otherExitCode == 130, $"exit code {otherExitCode}: {other.StandardError}");
        var (run, otherRun) = (new ResultFolder(_output).Summary, new ResultFolder(_otherOutput).Summary);
        Assert.True(run.Outcomes["conflict"] > 0, $"no conflict in {Requests} read-modify-writes of a key another run replaced throughout: {string.Join(", ", run.Outcomes)}");
        // A read-modify-write is no batch: the failure line counts requests (it said "batches" before).
        Assert.Contains($"conflict: {run.Outcomes["conflict"]} requests", stdout, StringComparison.Ordinal);
        // Each request is one of the answers a read-modify-write can get: the key is never deleted, so none is not_found.
        Assert.Equal(((long)Requests, 0L), (Answered(run), run.Outcomes["not_found"]));
        var stats = proxy.Stats;
        Assert.Equal(stats.PreconditionFailed, run.Outcomes["conflict"] + otherRun.Outcomes["conflict"]);
        Assert.Equal(stats.SingleWrites, Answered(run) + Answered(otherRun));
        Assert.Equal(stats.PointReads, Answered(run) + Answered(otherRun));
    }

    public void Dispose()
    {
        Directory.Delete(_output, recursive: true);
        Directory.Delete(_otherOutput, recursive: true);
    }

    // Succeeded and conflict are the replaces a run sent; every other outcome (not_found is the read's) sent no replace.
    private static long Answered(RunSummary summary) => summary.Outcomes["succeeded"] + summary.Outcomes["conflict"];

    private static async Task WaitUntilAsync(Func<bool> condition, TableLoadProcess other)
    {
        var deadline = DateTime.UtcNow + TimeSpan.FromMinutes(2);
        while (!condition())
        {
            Assert.False(other.HasExited || DateTime.UtcNow > deadline, $"the other run never replaced: {other.StandardError}");
            await Task.Delay(50);
        }
    }
}
