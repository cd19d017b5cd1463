using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>--operation read, query and delete over a --preload'ed key space, through the command line against Azurite, with both clients.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed class ReadQueryDeleteTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-reads-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Reads_OfAPreloadedKeySpace_EachFindsOneEntity_AndVerifyCountsThePreload(string client)
    {
        var table = StoredEntities.NewTableName("rd");

        // A budget of requests, not a duration: the counts hold at any machine speed.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", "read", "--key-space", "20", "--preload", "--tasks", "2", "--batches", "30",
             "--table", table, "--keep-table", "--warmup", "0s", "--verify", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(_output);
        var summary = folder.Summary;
        Assert.Equal((40, 0), (summary.Preload!.Entities, summary.Preload.FailedBatches));
        Assert.Equal(40, (await StoredEntities.CountByPartitionAsync(azurite, table)).Values.Sum());
        Assert.Contains("stored 40 entities: matches", stdout, StringComparison.Ordinal);
        Assert.Contains("point reads over a key space of 20", stdout, StringComparison.Ordinal);
        Assert.Equal((30, 0L), (summary.Outcomes["succeeded"], summary.Outcomes["not_found"]));
        Assert.Equal(30, summary.EntitiesSucceeded);
        var read = summary.Operations["read"];
        Assert.Equal((30, 30), (read.Requests, read.Entities));
        var rows = folder.Csv("batches.csv");
        Assert.Equal(30, rows.Count);
        Assert.All(rows, r => Assert.Equal(("read", "1", "200"), (r["operation"], r["entities"], r["http_status"])));
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Reads_OfKeysNothingWrote_AreNotFound_NotSucceeded(string client)
    {
        var table = StoredEntities.NewTableName("nf");
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table));

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", "read", "--key-space", "10", "--allow-existing-table", "--tasks", "1", "--batches", "5",
             "--table", table, "--keep-table", "--warmup", "0s", "--quiet", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal((0L, 5L), (summary.Outcomes["succeeded"], summary.Outcomes["not_found"]));
        Assert.Equal((0, 5), (summary.EntitiesSucceeded, summary.EntitiesFailed));
        Assert.Null(summary.Preload);
        Assert.All(new ResultFolder(_output).Csv("batches.csv"), r => Assert.Equal(("not_found", "404", "ResourceNotFound"), (r["outcome"], r["http_status"], r["error_code"])));
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Queries_FollowTheirPages_AndReturnWhatTheRangeHolds(string client)
    {
        var table = StoredEntities.NewTableName("qy");

        // One task: its partition holds its 50 keys alone, so a query from key k returns min(30, 50 - k) entities (the SDK, which asks
        // each page for 7, up to 35).
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", "query", "--key-space", "50", "--preload", "--query-length", "30", "--page-size", "7",
             "--tasks", "1", "--batches", "12", "--table", table, "--warmup", "0s", "--quiet", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(_output);
        var summary = folder.Summary;
        var rows = folder.Csv("batches.csv");
        Assert.Equal(12, rows.Count);
        Assert.All(rows, r => Assert.Equal(("query", "succeeded"), (r["operation"], r["outcome"])));
        var returned = rows.Select(r => int.Parse(r["entities"], System.Globalization.CultureInfo.InvariantCulture)).ToList();
        Assert.All(returned, e => Assert.InRange(e, 1, client == "sdk" ? 35 : 30));
        Assert.Equal(returned.Sum(), summary.EntitiesSucceeded);
        Assert.Equal(returned.Sum(), summary.Operations["query"].Entities);
        // A page holds at most 7 entities, so a query took at least its entities / 7 pages.
        Assert.True(summary.QueryPages >= returned.Sum(e => (e + 6) / 7), $"{summary.QueryPages} pages for {string.Join(' ', returned)}");
    }

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task Deletes_RemoveEveryPreloadedKeyOnce_ThenTheLoadEnds_AndVerifyFindsTheTableEmpty(string client)
    {
        var table = StoredEntities.NewTableName("dl");

        // The run ends when no key is left, long before its minute at any machine speed; what ended it is the line asserted.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--operation", "delete", "--key-space", "30", "--batch-size", "10", "--preload", "--tasks", "2",
             "--partitions", "spread:2", "--duration", "60s", "--warmup", "0s", "--table", table, "--keep-table", "--verify", "--output", _output],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal((60, 60), (summary.Preload!.Entities, summary.KeysDeleted));
        Assert.Equal(0, (await StoredEntities.CountByPartitionAsync(azurite, table)).Values.Sum());
        Assert.Contains("stored 0 entities: matches", stdout, StringComparison.Ordinal);
        Assert.Contains("delete: no key left; the load ended once all 60 keys of the key space were deleted", stdout, StringComparison.Ordinal);
        Assert.Equal((6L, 0L), (summary.Outcomes["succeeded"], summary.Outcomes["not_found"]));
    }

    [Theory]
    [InlineData("latest", true)]
    [InlineData("uniform", false)]
    public async Task KeyDistribution_Latest_ReadsTheNewestKeyFarMoreOftenThanUniform(string distribution, bool newestFavoured)
    {
        // Of a key space of 10, only the newest key (the last, as after a preload) is stored: what a read finds is what it drew.
        // Latest draws it with 1/ζ(10) ≈ 34% of the reads, uniform with 10%; of 400 reads, 80 found lies six standard deviations from either.
        var table = StoredEntities.NewTableName("kd");
        Assert.True(await StoredEntities.CreateTableAsync(azurite, table));
        var client = new Azure.Data.Tables.TableClient(azurite.ConnectionString, table);
        await client.AddEntityAsync(new Azure.Data.Tables.TableEntity("kd", TableLoad.Workload.RowKeys.CycleStem("kd", 0, 0, 0) + "00000009"));

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--operation", "read", "--key-space", "10", "--allow-existing-table", "--key-prefix", "kd", "--key-distribution", distribution,
             "--tasks", "1", "--batches", "400", "--table", table, "--warmup", "0s", "--quiet", "--output", _output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        Assert.Equal(400, summary.Outcomes["succeeded"] + summary.Outcomes["not_found"]);
        Assert.Equal(newestFavoured, summary.Outcomes["succeeded"] > 80);
        Assert.Equal(distribution, new ResultFolder(_output).Run.Options.KeyDistribution);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
