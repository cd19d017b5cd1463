using TableLoad.IntegrationTests.Infrastructure;
using TableLoad.IntegrationTests.Proxy;
using TableLoad.Measurement;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Run;

/// <summary>A service that stops answering (Azurite frozen with SIGSTOP) never hangs TableLoad: every table call is bounded.</summary>
[Collection(ReportAzuriteCollection.Name)]
public sealed class FrozenServiceTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-frozen-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ServiceFrozenAfterTheLoad_VerifyAndDeleteGiveUpWithinTheTimeout_ExitThree_AndTheResultsParse(string client)
    {
        // The run goes through a gate that holds its first call after the load (the count for --verify) until the
        // service is frozen: watching stdout for the table instead, the count and the deletion could both finish first.
        await using var gate = await TableCallGate.StartAsync(new Uri($"http://127.0.0.1:{azurite.Port}"));
        // A budget of batches (a minute the cap): the load ends with some stored at any machine speed, without saturating it for seconds.
        using var run = TableLoadProcess.Start(
            ["run", "--client", client, "--tasks", "2", "--batch-size", "10", "--batches", "20", "--duration", "60s", "--warmup", "0s", "--timeout", "5s", "--verify", "--quiet", "--output", _output],
            gate.ConnectionString);
        await gate.Held.WaitAsync(TimeSpan.FromSeconds(60));
        await run.WaitForOutputTextAsync("| processes |", TimeSpan.FromSeconds(10));

        var azuritePid = ProcessTree.ListeningPid(azurite.Port);
        ProcessTree.Signal("STOP", azuritePid);
        int exitCode;
        try
        {
            gate.Open();
            exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(45));
        }
        finally
        {
            ProcessTree.Signal("CONT", azuritePid);
        }

        Assert.Equal(3, exitCode);
        Assert.Contains("no answer in 5 s.", run.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", run.StandardError, StringComparison.Ordinal);
        // The fault matrix's frozen-service case: every file still parses.
        var summary = new ResultFolder(_output).ParseEveryFile();
        log.WriteLine($"frozen ({client}): exit {exitCode}; batches by outcome {string.Join(", ", summary.Outcomes.Where(o => o.Value > 0))}; reported {summary.EntitiesSucceeded + summary.Warmup.EntitiesSucceeded}, stored not counted (the service did not answer)");
        Assert.True(summary.EntitiesSucceeded > 0);
    }

    [Fact]
    public async Task ServiceFrozenWithBatchesInFlight_SecondCtrlC_AbandonsThem_AsUnknown_ExitThree()
    {
        // Every answer is held by the proxy after its batch committed, so each task has one batch in flight.
        await using var proxy = await InProcessProxy.StartAsync(azurite, s => s with
        {
            PartitionLimit = 1e9, AccountLimit = 1e9, DelayAnswerRate = 1, DelayAnswer = TimeSpan.FromMinutes(2),
        });
        using var run = TableLoadProcess.Start(
            ["run", "--tasks", "4", "--duration", "5m", "--warmup", "0s", "--timeout", "5s", "--verify", "--quiet", "--output", _output], proxy.ConnectionString);
        var deadline = DateTime.UtcNow.AddSeconds(30);
        while (proxy.Stats.DelayedAnswers < 4)
        {
            Assert.True(DateTime.UtcNow < deadline && !run.HasExited, "the proxy never held an answer of every task. stderr:\n" + run.StandardError);
            await Task.Delay(50);
        }

        // Frozen now, the service cannot answer the read-backs of the abandoned batches, nor the count for --verify.
        var azuritePid = ProcessTree.ListeningPid(azurite.Port);
        ProcessTree.Signal("STOP", azuritePid);
        int exitCode;
        try
        {
            run.Signal(2);
            await run.WaitForErrorTextAsync("Ctrl+C again", TimeSpan.FromSeconds(10));
            run.Signal(2);
            exitCode = await run.WaitForExitAsync(TimeSpan.FromSeconds(60));
        }
        finally
        {
            ProcessTree.Signal("CONT", azuritePid);
        }

        var summary = new ResultFolder(_output).ParseEveryFile();
        log.WriteLine($"frozen in flight: exit {exitCode}; batches by outcome {string.Join(", ", summary.Outcomes.Where(o => o.Value > 0))}; abandoned {summary.Abandoned}");
        Assert.Equal(3, exitCode);
        Assert.Contains("no answer in 5 s.", run.StandardError, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", run.StandardError, StringComparison.Ordinal);
        Assert.Equal(4, summary.Outcomes["abandoned"]);
        Assert.Equal(new AbandonedBatches(0, 0, 4), summary.Abandoned);
        Assert.Equal(0, summary.EntitiesSucceeded);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
