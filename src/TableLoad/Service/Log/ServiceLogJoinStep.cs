using TableLoad.Measurement;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Log;

/// <summary>Adds <c>service.log</c> to a finished run's summary, from its folder's batches files and the service's log; a log that cannot be joined is a warning, never a failed run.</summary>
internal static class ServiceLogJoinStep
{
    /// <returns>The summary with <c>service.log</c> (unchanged when the join failed), and the warnings to say.</returns>
    /// <param name="runs">The result folders whose batches files hold the requests, each with its run's start.</param>
    public static async Task<(RunSummary Summary, IReadOnlyList<string> Warnings)> JoinAsync(RunSummary summary, IReadOnlyList<(string Folder, DateTimeOffset StartedUtc)> runs, string logPath)
    {
        try
        {
            var log = await Task.Run(() => new RequestLogJoin().Join(runs, logPath)).ConfigureAwait(false);
            return (summary with { Service = (summary.Service ?? new ServiceSummary()) with { Log = log } }, ServiceLogLines.Warnings(log));
        }
        catch (Exception ex) when (ex is FormatException or IOException or UnauthorizedAccessException)
        {
            return (summary, [$"The service's log could not be joined with the run's requests: {ex.Message}"]);
        }
    }
}
