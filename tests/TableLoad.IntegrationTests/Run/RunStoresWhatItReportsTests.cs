using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>What a run reports as succeeded is exactly what Azurite holds afterwards.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class RunStoresWhatItReportsTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-run-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task DefaultWorkload_StoresExactlyTheSucceededCount(string client)
    {
        var table = StoredEntities.NewTableName("dflt");

        // The default workload's tasks, batches and partition, at a trickle of ten batches a second: what is stored equals what is
        // reported, warm-up and measured, at any load, and twelve tasks flat out would keep both cores busy for the 4 s.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--table", table, "--keep-table", "--rate", "1000", "--duration", "3s", "--warmup", "1s", "--verify", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var reported = summary.EntitiesSucceeded + summary.Warmup.EntitiesSucceeded;
        var stored = await StoredEntities.CountByPartitionAsync(azurite, table);
        Assert.True(reported > 0);
        Assert.Equal(reported, stored.Values.Sum());
        Assert.Equal(["tl"], stored.Keys);
        Assert.Contains($"stored {reported} entities: matches", stdout, StringComparison.Ordinal);
        Assert.Equal(0, summary.EntitiesFailed);
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task OddBatchesOfLargeEntitiesSpreadOverSevenPartitions_StoreExactlyTheSucceededCount(string client)
    {
        var table = StoredEntities.NewTableName("spread");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--table", table, "--keep-table", "--batch-size", "37", "--entity-size", "3000", "--properties", "5",
             "--partitions", "spread:7", "--tasks", "6", "--batches", "60", "--duration", "60s", "--warmup", "0s", "--output", _output, "--quiet"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        var stored = await StoredEntities.CountByPartitionAsync(azurite, table);
        Assert.Equal(summary.EntitiesSucceeded, stored.Values.Sum());
        // A budget, not a time: each task visits the seven partitions in turn (a cycle of 7), and one of 60 batches' six tasks sends
        // at least ten; a 3 s run on a machine loaded to 65 once reached six.
        Assert.Equal(7, stored.Count);
        Assert.All(stored.Values, count => Assert.Equal(0, count % 37));
        Assert.Equal(3000, summary.EntitySize);
    }

    [Fact]
    public async Task CreatedTable_IsDeletedAtTheEnd_UnlessKept()
    {
        var table = StoredEntities.NewTableName("gone");

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--table", table, "--batches", "3", "--warmup", "0s", "--output", _output, "--quiet"], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table), "the table the run created should have been deleted");
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task DevelopmentStorageShorthand_WithItsOwnEndpoint_Works(string client)
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--batches", "3", "--warmup", "0s", "--verify", "--quiet", "--output", _output],
            $"UseDevelopmentStorage=true;TableEndpoint={azurite.TableEndpoint}");

        Assert.True(exitCode == 0, stderr);
        Assert.Contains("stored 300 entities: matches", stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
