using TableLoad.IntegrationTests.Infrastructure;

namespace TableLoad.IntegrationTests.Fleet;

/// <summary>The hidden worker command runs in the same host as every command, with the worker's rule for Ctrl+C.</summary>
public sealed class WorkerCommandTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task Worker_OutlivesCtrlC_AndEndsWhenItsCoordinatorGoes()
    {
        using var worker = TableLoadProcess.Start(["worker", "--verbosity", "detailed"], connectionString: null);
        await worker.WaitForErrorTextAsync("worker: Ctrl+C is left to the coordinator.", Limit);

        worker.Signal(2);
        worker.CloseInput();
        var exitCode = await worker.WaitForExitAsync(Limit);

        // Ctrl+C would have ended it with 130; it read on, found its stdin closed, and said so on its protocol channel.
        Assert.Equal(2, exitCode);
        Assert.Contains("The worker expected a start line with its settings on stdin.", worker.StandardOutput, StringComparison.Ordinal);
    }
}
