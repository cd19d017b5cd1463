namespace TableLoad.Engine.Phases;

/// <summary>
/// Runs the phases in order: global setup, setup, run, cleanup, global cleanup. Global cleanup follows
/// whatever happened after the global setup began, so a table the run made never outlives it.
/// </summary>
internal static class PhaseSequence
{
    public static async Task<int> RunAsync(IRunPhases phases)
    {
        int exitCode;
        try
        {
            exitCode = await UpToCleanupAsync(phases).ConfigureAwait(false);
        }
        catch (Exception failure)
        {
            if (await phases.SayFailureAsync(failure).ConfigureAwait(false) is not { } said)
            {
                await phases.GlobalCleanupAsync(ExitCodes.Failure).ConfigureAwait(false);
                throw;
            }

            exitCode = said;
        }

        return await phases.GlobalCleanupAsync(exitCode).ConfigureAwait(false);
    }

    private static async Task<int> UpToCleanupAsync(IRunPhases phases)
    {
        if (await phases.GlobalSetupAsync().ConfigureAwait(false) is { } refused)
        {
            return refused;
        }

        if (await phases.SetupAsync().ConfigureAwait(false) is { } stopped)
        {
            return stopped;
        }

        var exitCode = await phases.RunAsync().ConfigureAwait(false);
        return await phases.CleanupAsync(exitCode).ConfigureAwait(false);
    }
}
