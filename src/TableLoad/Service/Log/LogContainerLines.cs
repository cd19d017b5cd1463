using System.Globalization;
using Azure;
using Azure.Identity;
using Azure.Storage;
using Azure.Storage.Blobs;
using Azure.Storage.Blobs.Models;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Service.Log;

/// <summary>
/// The log in a blob container of the run's own account, read with its own credential: a diagnostic setting's archive, one blob an hour
/// (<c>resourceId=/SUBSCRIPTIONS/…/STORAGEACCOUNTS/ACCOUNT/TABLESERVICES/DEFAULT/y=YYYY/m=MM/d=DD/h=HH/m=00/PT1H.json</c>), or the
/// classic log's <c>$logs</c> (<c>table/YYYY/MM/DD/hh00/NNNNNN.log</c>). Only the blobs of the run's hours are listed, and each is
/// streamed line by line.
/// </summary>
internal sealed class LogContainerLines(BlobContainerClient container, string account, AuthKind auth) : IServiceLogLines
{
    private static readonly TimeSpan NetworkTimeout = TimeSpan.FromSeconds(30);

    public static LogContainerLines For(StorageTarget account, string container)
    {
        var endpoint = account.BlobEndpoint ?? throw new InvalidOperationException("A container was accepted without a blob endpoint.");
        // A few retries: an absent blob service should cost the run's end seconds, not minutes.
        var options = new BlobClientOptions { Retry = { MaxRetries = 2, NetworkTimeout = NetworkTimeout } };
        var service = account.Auth.Kind switch
        {
            AuthKind.SharedKey => new BlobServiceClient(endpoint, new StorageSharedKeyCredential(account.AccountName, account.Auth.Secret!), options),
            AuthKind.Sas => new BlobServiceClient(endpoint, new AzureSasCredential(account.Auth.Secret!), options),
            AuthKind.Entra => new BlobServiceClient(endpoint, new DefaultAzureCredential(), options),
        };
        return new LogContainerLines(service.GetBlobContainerClient(container), account.AccountName, account.Auth.Kind);
    }

    public IEnumerable<string> Lines(IReadOnlyCollection<DateTimeOffset> hours)
    {
        foreach (var name in Read(() => BlobsOf(hours)))
        {
            using var reader = new StreamReader(Read(() => container.GetBlobClient(name).OpenRead()));
            while (reader.ReadLine() is { } line)
            {
                yield return line;
            }
        }
    }

    /// <summary>The blob names under the hours' prefixes, in order: by account, then by hour.</summary>
    private List<string> BlobsOf(IReadOnlyCollection<DateTimeOffset> hours)
    {
        List<string> roots = container.Name == ServiceLogLocation.LogContainer.Classic ? [""] : ResourceRoots();
        return [.. roots.SelectMany(root => hours.SelectMany(hour => container.GetBlobs(BlobTraits.None, BlobStates.None, root + HourPrefix(hour), CancellationToken.None).Select(b => b.Name)))];
    }

    /// <summary>Where an hour's blobs are below an account's folder (or below <c>$logs</c>).</summary>
    private string HourPrefix(DateTimeOffset hour) => container.Name == ServiceLogLocation.LogContainer.Classic
        ? string.Create(CultureInfo.InvariantCulture, $"table/{hour.UtcDateTime:yyyy/MM/dd/HH}00/")
        : string.Create(CultureInfo.InvariantCulture, $"y={hour.UtcDateTime:yyyy}/m={hour.UtcDateTime:MM}/d={hour.UtcDateTime:dd}/h={hour.UtcDateTime:HH}/");

    /// <summary>The run's account's folders <c>resourceId=/…/STORAGEACCOUNTS/ACCOUNT/…/</c> that hold <c>y=</c> folders, walked down folder by folder.</summary>
    private List<string> ResourceRoots()
    {
        var roots = new List<string>();
        var pending = new Queue<string>([""]);
        while (pending.TryDequeue(out var prefix))
        {
            foreach (var item in container.GetBlobsByHierarchy(BlobTraits.None, BlobStates.None, "/", prefix, CancellationToken.None).Where(i => i.IsPrefix))
            {
                if (item.Prefix.AsSpan(prefix.Length).StartsWith("y=", StringComparison.Ordinal))
                {
                    // One container may archive several accounts' logs.
                    if (prefix.Contains($"/STORAGEACCOUNTS/{account}/", StringComparison.OrdinalIgnoreCase))
                    {
                        roots.Add(prefix);
                    }

                    break;
                }

                pending.Enqueue(item.Prefix);
            }
        }

        return roots;
    }

    private T Read<T>(Func<T> call)
    {
        try
        {
            return call();
        }
        catch (Exception ex) when (Why(ex) is { } why)
        {
            throw new ServiceLogUnavailableException(why, ex);
        }
    }

    /// <summary>One sentence of what failed; the SDK's own messages carry the answer's headers, which are not said.</summary>
    private string? Why(Exception failure)
    {
        var where = $"the container '{container.Name}' at {container.Uri.GetLeftPart(UriPartial.Path)}";
        return failure switch
        {
            RequestFailedException { Status: 404, ErrorCode: "ContainerNotFound" } => $"{where} does not exist",
            RequestFailedException { Status: 401 or 403 } refused => $"{where} refused {Refusal(refused)}",
            RequestFailedException { Status: 0 } or AggregateException => $"{where} did not answer: {FirstLine((failure.InnerException ?? failure).Message)}",
            RequestFailedException other => $"{where} answered {other.Status} {other.ErrorCode}",
            AuthenticationFailedException or CredentialUnavailableException => $"no Microsoft Entra token to read {where}: {FirstLine(failure.Message)}",
            _ => null,
        };
    }

    /// <summary>What was refused and what would be admitted: a key reads everything, so only a wrong key or the account's firewall refuse it.</summary>
    private string Refusal(RequestFailedException refused) => auth switch
    {
        AuthKind.SharedKey => $"the account key ({refused.Status} {refused.ErrorCode}): check that it is the account's own, and that the account's firewall admits this machine",
        AuthKind.Sas => $"the SAS ({refused.Status} {refused.ErrorCode}): it needs to be valid now and to allow listing and reading blobs",
        AuthKind.Entra => $"the signed-in identity ({refused.Status} {refused.ErrorCode}): it needs the Storage Blob Data Reader role",
    };

    private static string FirstLine(string text) => text.Split('\n', 2)[0].Trim();
}
