using TableLoad.Settings;

namespace TableLoad.Cli;

/// <summary>Bad input, said before anything starts: one sentence for each fault on stderr, and exit code 2.</summary>
internal static class Refusal
{
    /// <summary>The settings <paramref name="create"/> makes of the options, or null once their faults are said.</summary>
    public static async Task<T?> SettingsOrSayWhyAsync<T>(Func<T> create)
        where T : class
    {
        try
        {
            return create();
        }
        catch (UsageException ex)
        {
            await Console.Error.WriteLineAsync(ex.Message).ConfigureAwait(false);
            return null;
        }
    }
}
