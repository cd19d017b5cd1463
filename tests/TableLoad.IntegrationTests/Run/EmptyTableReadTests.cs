using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>Reads with --allow-existing-table of a table without their keys: said before the load and again under the table, never silently.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class EmptyTableReadTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-empty-reads-").FullName;

    [Fact]
    public async Task Reads_OfAnEmptyTable_AreWarnedBeforeTheLoad_AndEveryNotFoundIsSaidInTheSummary()
    {
        var table = StoredEntities.NewTableName("em");
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table));

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--operation", "read", "--key-space", "10", "--allow-existing-table", "--tasks", "1", "--batches", "5",
             "--table", table, "--warmup", "0s", "--quiet", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        Assert.Contains($"The table {table} holds no entities, so this run's read will find no entity; --preload writes the key space first.", stderr, StringComparison.Ordinal);
        Assert.Contains("every read was not_found (5 of 5): the table holds none of the keys drawn; --preload writes the key space first", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Reads_OfATableHoldingOtherKeys_AreNotWarnedBefore_ButEveryNotFoundIsSaidInTheSummary()
    {
        var table = StoredEntities.NewTableName("ok");
        var written = await TableLoadProcess.RunAsync(
            ["run", "--batch-size", "5", "--tasks", "1", "--batches", "1", "--key-prefix", "other", "--table", table, "--keep-table", "--warmup", "0s", "--quiet",
             "--output", Path.Combine(_output, "written")], azurite.ConnectionString);
        Assert.True(written.ExitCode == 0, written.Stderr);

        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--operation", "read", "--key-space", "10", "--allow-existing-table", "--tasks", "1", "--batches", "5",
             "--table", table, "--warmup", "0s", "--quiet", "--output", Path.Combine(_output, "read")], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        Assert.DoesNotContain("holds no entities", stderr, StringComparison.Ordinal);
        Assert.Contains("every read was not_found (5 of 5)", stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
