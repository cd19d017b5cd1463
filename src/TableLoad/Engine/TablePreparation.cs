using System.Globalization;
using System.Net.Sockets;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Engine;

/// <summary>Creates (or finds) the run's table, turning an unreachable endpoint into one sentence.</summary>
internal static class TablePreparation
{
    /// <summary>Returns whether this run created the table; throws <see cref="TargetUnreachableException"/>.</summary>
    public static async Task<bool> CreateAsync(TableAdmin admin, RunSettings settings, CancellationToken cancellationToken)
    {
        var endpoint = settings.Target.TableEndpoint.GetLeftPart(UriPartial.Path);
        try
        {
            return await admin.CreateAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (TableServiceException ex) when (ex.Unanswered)
        {
            throw new TargetUnreachableException(string.Create(CultureInfo.InvariantCulture, $"The Table endpoint {endpoint} did not answer within {admin.CallTimeout.TotalSeconds:0.#} s."));
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
