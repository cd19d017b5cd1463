using System.Globalization;
using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Run;

/// <summary>
/// What a staged run says of its plan, through the command line: the run line names the plan's targets, and a stage ends
/// where the run did when --abort-if stopped it first, on the terminal and in summary.json alike.
/// </summary>
[Collection(GateAzuriteCollection.Name)]
public sealed class StagePlanLinesTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-plan-lines-").FullName;

    [Fact]
    public async Task ARampStoppedEarly_EndsItsStageWhereTheRunDid_AndTheRunLineSaysThePlan()
    {
        // The ramp passes the proxy's 200 e/s partition limit within a few seconds of the 20 it plans.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with { PartitionLimit = 200 });
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--tasks", "8", "--batch-size", "10", "--rate", "100", "--stages", "12s:1000,8s:1000", "--warmup", "0s",
             "--abort-if", "throttled>5% for 2s", "--output", _output], proxy.ConnectionString);
        log.WriteLine(stdout + stderr);

        Assert.True(exitCode == 99, $"exit code {exitCode}: {stderr}");
        var summary = new ResultFolder(_output).Summary;
        Assert.True(summary.MeasuredSeconds < 12, $"measured {summary.MeasuredSeconds} s");
        var (first, second) = (summary.Stages[0], summary.Stages[1]);
        Assert.Equal((0, summary.MeasuredSeconds, 12), (first.StartS, first.EndS, first.PlannedEndS!.Value));
        Assert.Equal(100 + (75 * summary.MeasuredSeconds), first.EndTarget, 6);
        Assert.Equal((summary.MeasuredSeconds, summary.MeasuredSeconds, 20, 1000), (second.StartS, second.EndS, second.PlannedEndS!.Value, second.PlannedEndTarget!.Value));

        var measured = summary.MeasuredSeconds.ToString("F1", CultureInfo.InvariantCulture);
        Assert.Contains($"stage s1: 0.0–{measured} s, target 100 → {first.EndTarget.ToString("0.##", CultureInfo.InvariantCulture)} e/s (stopped; the plan ran to 12.0 s and 1000 e/s); mean ", stdout, StringComparison.Ordinal);
        Assert.Contains($"stage s2: not reached, the run ended at {measured} s (the plan ran to 20.0 s and 1000 e/s)", stdout, StringComparison.Ordinal);
        Assert.Contains("open model at 100 → 1000 e/s: latency above is from each batch's intended start", stdout, StringComparison.Ordinal);
        Assert.Contains(", 1 × 8 tasks, ", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AClosedRamp_RunLineSaysItsTasksFromStartToEnd()
    {
        var (exitCode, stdout, stderr) = await TableLoadProcess.RunAsync(
            ["run", "--tasks", "1", "--stages", "1s:3,1s:3,1s:2", "--batch-size", "10", "--warmup", "0s", "--output", _output], azurite.ConnectionString);
        log.WriteLine(stdout + stderr);

        Assert.True(exitCode == 0, $"exit code {exitCode}: {stderr}");
        Assert.Contains(", 1 × 1 → 3 → 2 tasks, batches of 10 ", stdout, StringComparison.Ordinal);
        var summary = new ResultFolder(_output).Summary;
        Assert.All(summary.Stages, stage => Assert.Equal((stage.PlannedEndS!.Value, false), (stage.EndS, stage.CutShort)));
        Assert.Contains("stage s3: 2.0–3.0 s, target 3 → 2 tasks per process; mean ", stdout, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
