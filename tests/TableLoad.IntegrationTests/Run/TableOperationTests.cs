using Azure.Data.Tables;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--operation and --key-space through the command line against Azurite, with both batch clients.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class TableOperationTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-operation-").FullName;

    [Theory]
    [InlineData("sdk", "upsert-replace")]
    [InlineData("sdk", "upsert-merge")]
    [InlineData("wire", "upsert-replace")]
    [InlineData("wire", "upsert-merge")]
    public async Task UpsertsOverAKeySpace_VerifyMatchesTheDistinctKeys_NotTheEntitiesSent(string client, string operation)
    {
        var table = StoredEntities.NewTableName("ks");

        // A key space of one batch and three batches of one task: the keys are written three times at any machine speed (a
        // 2 s run of four tasks once sent each task's first batch only on a busy machine).
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", operation, "--key-space", "10", "--tasks", "1", "--batch-size", "10",
             "--table", table, "--keep-table", "--batches", "3", "--warmup", "0s", "--verify", "--quiet", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var stored = await StoredEntities.CountByPartitionAsync(azurite, table);
        Assert.Equal(10, stored.Values.Sum());
        Assert.Equal(10, summary.KeysWritten);
        Assert.Equal(30, summary.EntitiesSucceeded);
        Assert.Contains("stored 10 entities: matches", stdout, StringComparison.Ordinal);
        Assert.Equal((operation, 10), (summary.Workload.Text, summary.KeySpace));
        Assert.Equal((operation, 10), (new ResultFolder(_output).Run.Options.Operation, new ResultFolder(_output).Run.Options.KeySpace));
    }

    [Fact]
    public async Task UpsertsOverAKeySpace_InTwoWorkerProcesses_EachWorkerCyclesOverItsOwnKeys_AndVerifyMatches()
    {
        var table = StoredEntities.NewTableName("ksp");

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            // A key space of one batch: each task's first batch writes all its keys, so a busy machine that lets a task
            // send only one batch in the run still stores every key, and later batches rewrite them. At a trickle, so that
            // every task sends (a budget of batches may be spent by some tasks alone) without filling the cores.
            ["run", "--processes", "2", "--operation", "upsert-merge", "--key-space", "10", "--tasks", "2", "--batch-size", "10", "--rate", "200",
             "--table", table, "--keep-table", "--duration", "3s", "--warmup", "0s", "--verify", "--quiet", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        Assert.Equal(2 * 2 * 10, (await StoredEntities.CountByPartitionAsync(azurite, table)).Values.Sum());
        Assert.Contains("stored 40 entities: matches", stdout, StringComparison.Ordinal);
        Assert.Equal(40, new ResultFolder(_output).Summary.KeysWritten);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Inserts_OfFourTasks_VerifyMatches_AndTheRunSaysItInserted(string client)
    {
        var table = StoredEntities.NewTableName("ins");

        // A budget of batches, not a duration: what verify counts holds for any count.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", "insert", "--tasks", "4", "--batch-size", "10",
             "--table", table, "--batches", "20", "--duration", "60s", "--warmup", "0s", "--verify", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal(summary.EntitiesSucceeded, summary.KeysWritten);
        Assert.Contains($"stored {summary.KeysWritten} entities: matches", stdout, StringComparison.Ordinal);
        Assert.Contains("batches of 10 inserts", stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sdk", "upsert-replace")]
    [InlineData("sdk", "upsert-merge")]
    [InlineData("wire", "upsert-replace")]
    [InlineData("wire", "upsert-merge")]
    public async Task SecondWriteOfAKey_ReplacesOrMergesWhatTheFirstWrote(string client, string operation)
    {
        var table = StoredEntities.NewTableName("rm");
        // The first run writes 8 properties of 8 bytes; the second, on the same keys, 4 properties of 16 bytes.
        // Each run writes a folder of its own: run refuses one that holds an earlier run's results.
        await RunOnAsync(table, client, "upsert-replace", "8", Path.Combine(_output, "first"), "--keep-table");
        var first = await ReadEntitiesAsync(table);

        await RunOnAsync(table, client, operation, "4", Path.Combine(_output, "second"), "--keep-table", "--allow-existing-table");

        var second = await ReadEntitiesAsync(table);
        Assert.Equal(first.Select(e => e.RowKey), second.Select(e => e.RowKey));
        Assert.All(second, e => Assert.Equal(16, e.GetBinary("P0").Length));
        Assert.All(second.Zip(first), pair => Assert.NotEqual(pair.Second.GetString("Batch"), pair.First.GetString("Batch")));
        if (operation == "upsert-replace")
        {
            Assert.All(second, e => Assert.False(e.ContainsKey("P7"), "a replace drops the properties only the first write had"));
        }
        else
        {
            Assert.All(second, e => Assert.Equal(8, e.GetBinary("P7").Length));
        }
    }

    private async Task RunOnAsync(string table, string client, string operation, string properties, string output, params string[] more)
    {
        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", operation, "--key-space", "10", "--batch-size", "10", "--tasks", "1", "--batches", "1",
             "--entity-size", "64", "--properties", properties, "--table", table, "--warmup", "0s", "--quiet", "--output", output, .. more], azurite.ConnectionString);
        Assert.True(exitCode == 0, stderr);
    }

    private async Task<List<TableEntity>> ReadEntitiesAsync(string table)
    {
        var entities = new List<TableEntity>();
        await foreach (var entity in new TableClient(azurite.ConnectionString, table).QueryAsync<TableEntity>())
        {
            entities.Add(entity);
        }

        Assert.Equal(10, entities.Count);
        return entities;
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
