using TableLoad.Measurement;
using TableLoad.Measurement.Service;

namespace TableLoad.Service.Log;

/// <summary>Adds <c>service.log</c> to a finished run's summary, from its folder's batches files and the service's log; a log that cannot be joined is a warning, never a failed run.</summary>
internal static class ServiceLogJoinStep
{
    /// <returns>The summary with <c>service.log</c> (unchanged when the join failed), and the warnings to say.</returns>
    public static async Task<(RunSummary Summary, IReadOnlyList<string> Warnings)> JoinAsync(RunSummary summary, string resultFolder, DateTimeOffset startedUtc, string logPath)
    {
        try
        {
            var log = await Task.Run(() => new RequestLogJoin().Join(resultFolder, startedUtc, logPath)).ConfigureAwait(false);
            return (summary with { Service = (summary.Service ?? new ServiceSummary()) with { Log = log } }, ServiceLogLines.Warnings(log));
        }
        catch (Exception ex) when (ex is FormatException or IOException or UnauthorizedAccessException)
        {
            return (summary, [$"The service's log could not be joined with the run's requests: {ex.Message}"]);
        }
    }
}
