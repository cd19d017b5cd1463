using Azure.Data.Tables;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Workload;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--operation read-modify-write over a --preload'ed key space, through the command line against Azurite, with both clients.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class ReadModifyWriteTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-rmw-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ReadModifyWrites_Alone_AllSucceed_ReplaceWhatTheyRead_AndVerifyCountsThePreloadOnly(string client)
    {
        var table = StoredEntities.NewTableName("rmw");

        // A budget of requests, not a duration: the counts hold at any machine speed; alone, nothing changes an entity between its read and its replace.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", "read-modify-write", "--key-space", "20", "--preload", "--tasks", "2", "--batches", "30",
             "--table", table, "--keep-table", "--warmup", "0s", "--verify", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(_output);
        var summary = folder.Summary;
        Assert.Contains("stored 40 entities: matches", stdout, StringComparison.Ordinal);
        Assert.Contains("read-modify-writes over a key space of 20", stdout, StringComparison.Ordinal);
        Assert.Equal((30L, 0L, 0L), (summary.Outcomes["succeeded"], summary.Outcomes["conflict"], summary.Outcomes["not_found"]));
        Assert.Equal((30, 30), (summary.Operations["read-modify-write"].Requests, summary.Operations["read-modify-write"].Entities));
        Assert.All(folder.Csv("batches.csv"), r => Assert.Equal(("read-modify-write", "1", "204"), (r["operation"], r["entities"], r["http_status"])));

        // The preload wrote every key with the nonce "preload"; each replace wrote the run's: at least one key, at most one a request.
        var replaced = 0;
        await foreach (var entity in new TableClient(azurite.ConnectionString, table).QueryAsync<TableEntity>(select: [EntityTemplate.NonceProperty]))
        {
            replaced += entity.GetString(EntityTemplate.NonceProperty).StartsWith(summary.RunId, StringComparison.Ordinal) ? 1 : 0;
        }

        Assert.InRange(replaced, 1, 30);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
