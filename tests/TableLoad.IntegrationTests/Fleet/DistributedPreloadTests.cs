using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>Instances of one run (--run-id, --instance) with --preload: each preloads its own keys into the run's one table.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed class DistributedPreloadTests(AzuriteFixture azurite, SharedRuns runs) : IClassFixture<SharedRuns>, IDisposable
{
    // One run id for the class: instance 0's run is made once (SharedRuns) and both tests start from it.
    private static readonly string RunId = "dp" + Guid.NewGuid().ToString("N")[..8];

    private readonly string _root = Directory.CreateTempSubdirectory("tableload-dist-preload-").FullName;

    [Fact]
    public async Task SecondInstance_FindingTheFirstsPreloadInTheRunsTable_PreloadsItsOwnKeys_AndReadsEveryOne()
    {
        // One after the other, so the second always finds the table holding the first's entities, as a later-started instance would.
        var first = await FirstInstanceAsync();
        var second = await RunInstanceAsync(1);

        Assert.True(first.ExitCode == 0, first.Stderr);
        Assert.True(second.ExitCode == 0, second.Stderr);
        foreach (var (k, folder) in new[] { (0, first.Folder), (1, new ResultFolder(Path.Combine(_root, "i1"))) })
        {
            var summary = folder.Summary;
            Assert.Equal((40, 0L), (summary.Preload!.Entities, summary.Outcomes["not_found"]));
            Assert.True(summary.Stored!.Matches, $"instance {k}: stored {summary.Stored.Count}, expected {summary.Stored.Expected}");
        }

        // The refused run of the other test, before or after, writes nothing.
        Assert.Equal(80, (await StoredEntities.CountByPartitionAsync(azurite, "tl" + RunId)).Values.Sum());
    }

    [Fact]
    public async Task AnInstanceWhoseOwnKeysAreInTheTable_IsRefused_NamingTheFix()
    {
        var earlier = await FirstInstanceAsync();
        Assert.True(earlier.ExitCode == 0, earlier.Stderr);

        var again = await RunInstanceAsync(0);

        Assert.Equal(2, again.ExitCode);
        Assert.Equal(
            $"The table tl{RunId} already holds entities with the keys of instance 0, from an earlier run with the run id {RunId}; give a new --run-id, or pass --allow-existing-table to write into it anyway.",
            again.Stderr.Trim());
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private Task<FinishedRun> FirstInstanceAsync() => runs.OnceAsync("i0", azurite.ConnectionString, InstanceArgs(0));

    private Task<(int ExitCode, string Stdout, string Stderr)> RunInstanceAsync(int instance) =>
        TableLoadProcess.RunAsync([.. InstanceArgs(instance), "--output", Path.Combine(_root, $"i{instance}")], azurite.ConnectionString);

    private static string[] InstanceArgs(int instance) =>
        ["run", "--run-id", RunId, "--instance", instance.ToString(System.Globalization.CultureInfo.InvariantCulture), "--operation", "read", "--preload", "--key-space", "20",
         "--tasks", "2", "--batches", "20", "--warmup", "0s", "--verify", "--quiet"];
}
