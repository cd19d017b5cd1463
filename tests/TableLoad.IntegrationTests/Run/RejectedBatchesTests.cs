using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

namespace TableLoad.IntegrationTests.Run;

[Collection(StoredAzuriteCollection.Name)]
public sealed class RejectedBatchesTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _first = Directory.CreateTempSubdirectory("tableload-first-").FullName;
    private readonly string _second = Directory.CreateTempSubdirectory("tableload-second-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ReusedTableWithCollidingRowKeys_RecordsEntityAlreadyExistsWithIndex_AndRunsOn(string client)
    {
        var table = StoredEntities.NewTableName("clash");
        string[] common = ["run", "--client", client, "--table", table, "--keep-table", "--tasks", "1", "--warmup", "0s", "--quiet"];
        var first = await TableLoadProcess.RunAsync([.. common, "--batches", "4", "--output", _first], azurite.ConnectionString);
        Assert.True(first.ExitCode == 0, first.Stderr);

        var second = await TableLoadProcess.RunAsync([.. common, "--batches", "10", "--verify", "--allow-existing-table", "--output", _second], azurite.ConnectionString);

        Assert.True(second.ExitCode == 0, second.Stderr);
        var folder = new ResultFolder(_second);
        var batches = folder.Csv(ResultFiles.BatchesCsv);
        Assert.Equal(10, batches.Count);
        var rejected = batches.Where(b => b["outcome"] == "rejected").ToList();
        Assert.Equal(4, rejected.Count);
        Assert.All(rejected, b =>
        {
            Assert.Equal("EntityAlreadyExists", b["error_code"]);
            Assert.Equal("409", b["http_status"]);
            Assert.Equal("0", b["failed_index"]);
        });
        Assert.Equal(6, batches.Count(b => b["outcome"] == "succeeded"));
        var summary = folder.Summary;
        Assert.Equal(4, summary.RejectedByCode["EntityAlreadyExists"]);
        Assert.Equal(400, summary.EntitiesFailed);
        Assert.Contains("stored 1000 entities: matches", second.Stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TableThatAlreadyHoldsEntities_IsRefused_WithoutAllowExistingTable()
    {
        var table = StoredEntities.NewTableName("held");
        string[] common = ["run", "--table", table, "--keep-table", "--tasks", "1", "--warmup", "0s", "--quiet", "--batches", "2"];
        var first = await TableLoadProcess.RunAsync([.. common, "--output", _first], azurite.ConnectionString);
        Assert.True(first.ExitCode == 0, first.Stderr);

        var refused = await TableLoadProcess.RunAsync([.. common, "--output", _second], azurite.ConnectionString);

        Assert.Equal(2, refused.ExitCode);
        Assert.Contains("--allow-existing-table", Assert.Single(refused.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
        Assert.Equal(200, (await StoredEntities.CountByPartitionAsync(azurite, table)).Values.Sum());
    }

    public void Dispose()
    {
        Directory.Delete(_first, recursive: true);
        Directory.Delete(_second, recursive: true);
    }
}
