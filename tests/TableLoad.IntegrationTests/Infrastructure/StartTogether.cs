using System.Globalization;

namespace TableLoad.IntegrationTests.Infrastructure;

/// <summary>
/// Starts tableload processes that wait for one <c>--start-at</c>, late enough that every one of them
/// is seen waiting for it ("waiting until … to start") before it comes. A slow machine gets a later
/// start on a fresh attempt instead of instances that miss the time and a failed test.
/// </summary>
internal static class StartTogether
{
    private const int Attempts = 4;

    // The first attempt's lead: processes starting at once on the loaded 2-core machine often took longer than 3 s to say they
    // were waiting (in a whole run of 2026-12-07, 17 of the 37 processes started here were abandoned), and each abandoned start
    // costs the CPU of a start (~0.4 CPU-s) while a longer wait costs none.
    private const int FirstLeadSeconds = 6;

    /// <param name="start">Starts the processes for a start time (as --start-at takes it) and an attempt number (for a fresh run id).</param>
    public static async Task<IReadOnlyList<TableLoadProcess>> StartAsync(Func<string, int, IReadOnlyList<TableLoadProcess>> start)
    {
        for (var attempt = 0; ; attempt++)
        {
            var now = DateTimeOffset.UtcNow;
            var startAt = new DateTimeOffset(now.Year, now.Month, now.Day, now.Hour, now.Minute, now.Second, TimeSpan.Zero).AddSeconds(FirstLeadSeconds << attempt);
            var runs = start(startAt.ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture), attempt);
            if (await AllWaitingAsync(runs, startAt) || attempt == Attempts - 1)
            {
                return runs;
            }

            // The abandoned runs have written their first files; the next attempt writes to the same folders.
            foreach (var run in runs)
            {
                run.Abandon();
            }
        }
    }

    private static async Task<bool> AllWaitingAsync(IReadOnlyList<TableLoadProcess> runs, DateTimeOffset startAt)
    {
        while (DateTimeOffset.UtcNow < startAt)
        {
            if (runs.All(run => run.StandardError.Contains("waiting until", StringComparison.Ordinal)))
            {
                return true;
            }

            await Task.Delay(50);
        }

        return false;
    }
}
