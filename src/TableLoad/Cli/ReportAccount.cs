using System.CommandLine;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Cli;

/// <summary>
/// The account whose blob container <c>report --service-log container:NAME</c> reads, with its credential: the one
/// <c>$TABLELOAD_CONNECTION_STRING</c> names, as run loads it; without it, the folders' own endpoint (the emulator's development account
/// on this machine, Microsoft Entra elsewhere). It must be the account the folders' runs loaded.
/// </summary>
internal static class ReportAccount
{
    /// <returns>The account, or null with the fault listed.</returns>
    public static StorageTarget? Of(UsageErrors errors, Option option, Uri runEndpoint, string runAccount, Func<string, string?> environment)
    {
        StorageTarget account;
        string source;
        if (environment(SecretVariables.ConnectionString) is { } connectionString)
        {
            source = "$" + SecretVariables.ConnectionString;
            try
            {
                account = ConnectionStringParser.Parse(connectionString);
            }
            catch (FormatException ex)
            {
                // The parser's sentences name the faulty setting, never its value.
                errors.Require(option, false, $"{source}: {ex.Message}");
                return null;
            }
        }
        else if (runEndpoint.IsLoopback)
        {
            source = "the emulator's development account";
            account = ConnectionStringParser.Parse(ConnectionStringParser.DevelopmentConnectionString);
        }
        else
        {
            source = "the folders' endpoint with Microsoft Entra";
            account = new StorageTarget(runEndpoint, runAccount, StorageAuth.Entra) { BlobEndpoint = ConnectionStringParser.BlobEndpointBeside(runEndpoint) };
        }

        return errors.Require(option, account.AccountName.Equals(runAccount, StringComparison.OrdinalIgnoreCase),
            $"--service-log reads a blob container of account {account.AccountName} ({source}), but the folders' runs loaded account {runAccount}: give ${SecretVariables.ConnectionString} of {runAccount}.")
            ? account
            : null;
    }
}
