using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>With <c>--processes</c>, every process follows the one stage plan on the coordinator's clock.</summary>
[Collection(FleetAzuriteCollection.Name)]
public sealed class StagedFleetTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-staged-fleet-").FullName;

    [Fact]
    public async Task TwoProcesses_FollowOnePlan_TheFleetSendsEachStagesRate_EachProcessHalfOfIt()
    {
        // The fleet's 200 e/s for 3 s, then up to 400 over 3 s: stage means of 200 and 300 e/s, split over 2 processes × 2 tasks.
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--processes", "2", "--tasks", "2", "--rate", "200", "--stages", "3s:200,3s:400", "--batch-size", "10", "--warmup", "1s", "--per-process", "--output", _output, "--quiet"],
            azurite.ConnectionString);

        Assert.True(exitCode == 0, stderr);
        var summary = new ResultFolder(_output).Summary;
        Assert.All(summary.Stages.Zip([200.0, 300.0]), pair => Assert.InRange(pair.First.MeanEntitiesPerSecond, pair.Second * 0.95, pair.Second * 1.05));
        Assert.Equal(["p0", "p1"], summary.PerProcess.Select(p => p.Row));
        Assert.All(summary.PerProcess, p => Assert.InRange(p.EntitiesSucceeded, summary.EntitiesSucceeded * 0.45, summary.EntitiesSucceeded * 0.55));
        Assert.Contains("|        s2 |", stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
