using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>Instances of one run (--run-id, --instance) with --preload: each preloads its own keys into the run's one table.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed class DistributedPreloadTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-dist-preload-").FullName;

    [Fact]
    public async Task SecondInstance_FindingTheFirstsPreloadInTheRunsTable_PreloadsItsOwnKeys_AndReadsEveryOne()
    {
        var runId = "dp" + Guid.NewGuid().ToString("N")[..8];

        // One after the other, so the second always finds the table holding the first's entities, as a later-started instance would.
        var first = await RunInstanceAsync(runId, 0);
        var second = await RunInstanceAsync(runId, 1);

        Assert.True(first.ExitCode == 0, first.Stderr);
        Assert.True(second.ExitCode == 0, second.Stderr);
        foreach (var k in new[] { 0, 1 })
        {
            var summary = new ResultFolder(Path.Combine(_root, $"i{k}")).Summary;
            Assert.Equal((40, 0L), (summary.Preload!.Entities, summary.Outcomes["not_found"]));
            Assert.True(summary.Stored!.Matches, $"instance {k}: stored {summary.Stored.Count}, expected {summary.Stored.Expected}");
        }

        Assert.Equal(80, (await StoredEntities.CountByPartitionAsync(azurite, "tl" + runId)).Values.Sum());
    }

    [Fact]
    public async Task AnInstanceWhoseOwnKeysAreInTheTable_IsRefused_NamingTheFix()
    {
        var runId = "dq" + Guid.NewGuid().ToString("N")[..8];
        var earlier = await RunInstanceAsync(runId, 0);
        Assert.True(earlier.ExitCode == 0, earlier.Stderr);

        var again = await RunInstanceAsync(runId, 0, "again");

        Assert.Equal(2, again.ExitCode);
        Assert.Equal(
            $"The table tl{runId} already holds entities with the keys of instance 0, from an earlier run with the run id {runId}; give a new --run-id, or pass --allow-existing-table to write into it anyway.",
            again.Stderr.Trim());
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private Task<(int ExitCode, string Stdout, string Stderr)> RunInstanceAsync(string runId, int instance, string folder = "i") =>
        TableLoadProcess.RunAsync(
            ["run", "--run-id", runId, "--instance", instance.ToString(System.Globalization.CultureInfo.InvariantCulture), "--operation", "read", "--preload", "--key-space", "20",
             "--tasks", "2", "--batches", "20", "--warmup", "0s", "--verify", "--quiet", "--output", Path.Combine(_root, $"{folder}{instance}")],
            azurite.ConnectionString);
}
