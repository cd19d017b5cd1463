using TableLoad.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace TableLoad.IntegrationTests.Run;

/// <summary>A service that stops answering (Azurite frozen with SIGSTOP) never hangs TableLoad: every table call is bounded.</summary>
[Collection(AzuriteCollection.Name)]
public sealed class FrozenServiceTests(AzuriteFixture azurite, ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("tableload-frozen-").FullName;

    [Theory]
    [InlineData("sdk")]
    [InlineData("wire")]
    public async Task ServiceFrozenAfterTheLoad_VerifyAndDeleteGiveUpWithinTheTimeout_ExitThree_AndTheResultsParse(string client)
    {
        using var run = TableLoadProcess.Start(
            ["run", "--client", client, "--duration", "2s", "--warmup", "0s", "--timeout", "5s", "--verify", "--quiet", "--output", _output], azurite.ConnectionString);
        await run.WaitForOutputTextAsync("| processes |", TimeSpan.FromSeconds(60));

        // The table is printed: the count for --verify and the table's deletion come next, into a frozen service.
        var azuritePid = ProcessTree.ListeningPid(azurite.Port);
        ProcessTree.Signal("STOP", azuritePid);
        int exitCode;
        try
        {
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

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
