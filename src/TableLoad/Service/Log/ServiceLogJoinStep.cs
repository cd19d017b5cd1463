using TableLoad.Measurement;
using TableLoad.Measurement.Service;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Service.Log;

/// <summary>
/// Adds <c>service.log</c> to a finished run's summary, from its folder's batches files and the service's log; a log that cannot be joined is a
/// warning, never a failed run, and a log that cannot be read at all is also <c>service.log.unavailable</c>.
/// </summary>
internal static class ServiceLogJoinStep
{
    /// <returns>The summary with <c>service.log</c> (unchanged when the join failed), and the warnings to say.</returns>
    /// <param name="runs">The result folders whose batches files hold the requests, each with its run's start.</param>
    /// <param name="account">The account whose blob container a <see cref="ServiceLogLocation.LogContainer"/> is read from, with its credential.</param>
    public static async Task<(RunSummary Summary, IReadOnlyList<string> Warnings)> JoinAsync(RunSummary summary, IReadOnlyList<(string Folder, DateTimeOffset StartedUtc)> runs, ServiceLogLocation location, StorageTarget? account)
    {
        try
        {
            var lines = location.Match<IServiceLogLines>(
                files => new LogFileLines(files.Path),
                container => LogContainerLines.For(account ?? throw new InvalidOperationException("A container was accepted without its account."), container.Name));
            var log = await Task.Run(() => new RequestLogJoin().Join(runs, lines)).ConfigureAwait(false);
            return (With(summary, log), ServiceLogLines.Warnings(log));
        }
        catch (ServiceLogUnavailableException ex)
        {
            return (With(summary, ServiceLogSummary.NotRead(ex.Message)), [$"The service's log is unavailable: {ex.Message}. The run's own results stand."]);
        }
        catch (Exception ex) when (ex is FormatException or IOException or UnauthorizedAccessException)
        {
            return (summary, [$"The service's log could not be joined with the run's requests: {ex.Message}"]);
        }
    }

    private static RunSummary With(RunSummary summary, ServiceLogSummary log) => summary with { Service = (summary.Service ?? new ServiceSummary()) with { Log = log } };
}
