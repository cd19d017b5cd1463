using System.Net.Sockets;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Creates (or finds) the run's table, turning an unreachable endpoint into one sentence.</summary>
internal static class TablePreparation
{
    /// <summary>Returns whether this run created the table; throws <see cref="TargetUnreachableException"/>.</summary>
    public static async Task<bool> CreateAsync(TableRestClient client, RunSettings settings, CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(settings.Timeout);
        var endpoint = settings.Target.TableEndpoint.GetLeftPart(UriPartial.Path);
        try
        {
            return await client.CreateTableAsync(settings.Table, timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new TargetUnreachableException($"The Table endpoint {endpoint} did not answer within {settings.Timeout.TotalSeconds:0.#} s.");
        }
        catch (HttpRequestException ex)
        {
            var reason = ex.InnerException is SocketException socket ? socket.SocketErrorCode.ToString() : ex.HttpRequestError.ToString();
            throw new TargetUnreachableException($"Cannot reach the Table endpoint {endpoint} ({reason}); is the service or Azurite running?");
        }
        catch (TableServiceException ex)
        {
            throw new TargetUnreachableException($"{ex.Message.TrimEnd('.')} at {endpoint}; check the account and its credentials.");
        }
    }
}

/// <summary>The target could not be used at all; the message is one printable sentence.</summary>
internal sealed class TargetUnreachableException(string message) : Exception(message);
