using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>A start abandoned by <see cref="StartTogether"/> on a slow machine leaves nothing that refuses the next attempt's run.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed class StartTogetherTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("tableload-together-").FullName;

    [Fact]
    public async Task AnAbandonedRun_LeavesItsFolderFree_ForTheNextAttemptIntoIt()
    {
        // An attempt is abandoned when one of its runs was not seen waiting in time: a run that missed the start time has begun its
        // load and written its first results by then.
        var output = Path.Combine(_root, "i0");
        // A trickle, not a closed loop: what matters is that its load has begun, not how much it sends.
        var started = TableLoadProcess.Start(
            ["run", "--rate", "100", "--batch-size", "10", "--duration", "60s", "--warmup", "0s", "--tasks", "1", "--quiet", "--output", output], azurite.ConnectionString);
        await started.WaitUntilAsync(() => Directory.Exists(output) && Directory.EnumerateFiles(output).Any(f => new FileInfo(f).Length > 0), "wrote a result file", TimeSpan.FromMinutes(1));

        started.Abandon();

        var (exitCode, _, stderr) = await TableLoadProcess.RunAsync(["run", "--batches", "1", "--warmup", "0s", "--quiet", "--output", output], azurite.ConnectionString);
        Assert.True(exitCode == 0, stderr);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
