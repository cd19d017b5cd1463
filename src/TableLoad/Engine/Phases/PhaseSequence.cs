using System.Diagnostics;
using Microsoft.Extensions.Logging;

namespace TableLoad.Engine.Phases;

/// <summary>
/// Runs the phases in order: global setup, setup, run, cleanup, global cleanup. Global cleanup follows
/// whatever happened after the global setup began, so a table the run made never outlives it.
/// </summary>
internal static class PhaseSequence
{
    public static async Task<int> RunAsync(IRunPhases phases, ILogger log)
    {
        int exitCode;
        try
        {
            exitCode = await UpToCleanupAsync(phases, log).ConfigureAwait(false);
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

        return await Timed(log, "global cleanup", () => phases.GlobalCleanupAsync(exitCode)).ConfigureAwait(false);
    }

    private static async Task<int> UpToCleanupAsync(IRunPhases phases, ILogger log)
    {
        if (await Timed(log, "global setup", phases.GlobalSetupAsync).ConfigureAwait(false) is { } refused)
        {
            return refused;
        }

        if (await Timed(log, "setup", phases.SetupAsync).ConfigureAwait(false) is { } stopped)
        {
            return stopped;
        }

        var exitCode = await Timed(log, "run", phases.RunAsync).ConfigureAwait(false);
        return await Timed(log, "cleanup", () => phases.CleanupAsync(exitCode)).ConfigureAwait(false);
    }

    /// <summary>Runs one phase and says, at detailed verbosity, how long it took.</summary>
    private static async Task<T> Timed<T>(ILogger log, string phase, Func<Task<T>> run)
    {
        var started = Stopwatch.GetTimestamp();
        try
        {
            return await run().ConfigureAwait(false);
        }
        finally
        {
            log.LogDebug("phase {Phase}: {Milliseconds:0} ms", phase, Stopwatch.GetElapsedTime(started).TotalMilliseconds);
        }
    }
}
