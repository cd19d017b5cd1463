using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>Open-model latency is measured from each batch's intended start, so a stall is not hidden.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class OpenModelTests(AzuriteFixture azurite) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-open-").FullName;

    [Fact]
    public async Task TargetStallingTwoSeconds_ShowsInCorrectedP99_ButNotInUncorrected()
    {
        using var run = TableLoadProcess.Start(
            ["run", "--rate", "400", "--batch-size", "10", "--tasks", "2", "--duration", "10s", "--warmup", "0s", "--quiet", "--output", _output],
            azurite.ConnectionString);
        await Task.Delay(TimeSpan.FromSeconds(4));

        // A real stall: Azurite itself is stopped for two seconds, then resumed.
        var azuritePid = ProcessTree.ListeningPid(azurite.Port);
        ProcessTree.Signal("STOP", azuritePid);
        await Task.Delay(TimeSpan.FromSeconds(2));
        ProcessTree.Signal("CONT", azuritePid);
        var exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));

        Assert.True(exitCode == 0, run.StandardError);
        var summary = new ResultFolder(_output).Summary;
        var corrected = summary.GetProperty("latency_ms").GetProperty("p99").GetDouble();
        var uncorrected = summary.GetProperty("uncorrected_latency_ms").GetProperty("p99").GetDouble();
        Assert.True(corrected >= 1000, $"corrected p99 {corrected} ms should reflect the 2 s stall");
        Assert.True(uncorrected < 1000, $"uncorrected p99 {uncorrected} ms should not");
        Assert.True(summary.GetProperty("late_batches").GetInt64() > 0);
        Assert.Equal(400, summary.GetProperty("rate").GetDouble());
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
