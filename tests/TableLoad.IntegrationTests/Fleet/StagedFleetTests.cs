using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.Reporting;

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
        Assert.Equal(["p0", "p1"], summary.PerProcess.Select(p => p.Row));
        Assert.Equal(summary.EntitiesSucceeded, summary.PerProcess.Sum(p => p.EntitiesSucceeded));
        Assert.Equal(summary.EntitiesSucceeded, summary.Stages.Sum(s => s.EntitiesSucceeded));

        // Each process's batches are due on the fleet's plan (within a tenth of a batch), each of its tasks taking one of every four
        // of the fleet's turns, so each process is due half of each stage: 30 batches of 10 in the first, 45 in the ramp (whose last
        // may not be sent by the stop on a slow machine). When they answered, and so a stage's mean, depends on the machine's speed.
        var plan = new PlannedLoad(200, (3, 200), (3, 400));
        var folder = new ResultFolder(_output);
        for (var process = 0; process < 2; process++)
        {
            var batches = folder.Csv(ResultFiles.BatchesCsvOf(process, 2));
            var planStartMs = plan.PlanStartMs(batches, batchSize: 10, fleetTasks: 4, firstSlot: 2 * process);
            var offsets = plan.ScheduleOffsets(batches, planStartMs, batchSize: 10, fleetTasks: 4, firstSlot: 2 * process);
            Assert.True(PlannedLoad.Spread(offsets) <= 1, $"process {process}'s batches were due from {offsets.Min()} to {offsets.Max()} entities off the plan");
            var dueInStage = batches.GroupBy(b => plan.StageAt((ResultFolder.Number(b["intended_start_ms"]) - planStartMs) / 1000)).ToDictionary(g => g.Key, g => g.Count());
            // A machine too busy to start every batch within its interval says so (late batches) and may not have sent all
            // that were due by the stop; a worker it started after the warm-up is due the plan from its start on.
            var keptUp = summary.LateBatches == 0 && batches.Any(b => b["warmup"] == "true");
            Assert.InRange(dueInStage.GetValueOrDefault(1), keptUp ? 29 : 1, 31);
            Assert.InRange(dueInStage.GetValueOrDefault(2), keptUp ? 1 : 0, 46);
        }

        Assert.Contains("|        s2 |", stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
