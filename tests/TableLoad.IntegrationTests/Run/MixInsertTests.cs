using System.Globalization;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Run;

/// <summary>A mix that inserts, through the command line against Azurite: its inserts go past the key space and its draws follow them.</summary>
[Collection(StoredAzuriteCollection.Name)]
public sealed partial class MixInsertTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-mix-insert-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task MixWithInserts_DrawsOnlyKeysWritten_LatestReachesTheInsertedOnes_AndVerifyCountsPreloadPlusInserts(string client)
    {
        var output = Path.Combine(_root, client);
        var table = StoredEntities.NewTableName("mi");

        // One preloaded key per task, so every draw past the first insert of a task's partition may meet an inserted key; inserts of two
        // keys, more than the key space holds, as they go past it.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--client", client, "--mix", "read:40,read-modify-write:20,insert:40", "--key-distribution", "latest", "--key-space", "1", "--preload", "--batch-size", "2",
             "--partitions", "per-task", "--tasks", "2", "--batches", "120", "--warmup", "0s", "--table", table, "--keep-table", "--verify", "--output", output], azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var folder = new ResultFolder(output);
        var summary = folder.Summary;
        var inserted = summary.Operations["insert"].Entities;
        Assert.Contains($"stored {summary.Preload!.Entities + inserted} entities: matches", stdout, StringComparison.Ordinal);
        foreach (var drawing in new[] { "read", "read-modify-write" })
        {
            var figures = summary.Operations[drawing];
            Assert.Equal(figures.Requests, figures.Outcomes.GetValueOrDefault("succeeded"));
        }

        // A read-modify-write rewrites the entity it read with the process's nonce, where an insert wrote its own request's (nonce.sequence):
        // an inserted key holding the former was drawn by latest, read and rewritten.
        var prefix = JsonNode.Parse(File.ReadAllText(Path.Combine(output, "run.json")))!["options"]!["key_prefix"]!.GetValue<string>();
        using var tableClient = StoredEntities.Client(azurite);
        var rewritten = 0;
        foreach (var task in folder.Csv("batches.csv").GroupBy(r => (Task: int.Parse(r["task"], CultureInfo.InvariantCulture), Partition: r["partition_key"])))
        {
            var insertedHere = 2 * task.Count(r => r["operation"] == "insert" && r["outcome"] == "succeeded");
            for (var key = 1; key <= insertedHere; key++)
            {
                var nonce = await tableClient.GetPropertyAsync(table, task.Key.Partition, FormattableString.Invariant($"{prefix}-000-000-{task.Key.Task:D4}-{key:D8}"), "Batch", CancellationToken.None);
                Assert.NotNull(nonce);
                rewritten += InsertNonce().IsMatch(nonce) ? 0 : 1;
            }
        }

        await tableClient.DeleteTableAsync(table, CancellationToken.None);
        Assert.True(rewritten > 0, "no inserted key was read and rewritten");
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [GeneratedRegex(@"\.\d{10}$")]
    private static partial Regex InsertNonce();
}
