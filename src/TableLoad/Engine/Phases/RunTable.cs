using System.Globalization;
using System.Net.Sockets;
using Microsoft.Extensions.Logging;
using TableLoad.Measurement.Service;
using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine.Phases;

/// <summary>
/// The run's table through the run: created or found and checked before anything is sent (global setup),
/// counted for <c>--verify</c>, and deleted at the end if this run made it and nobody keeps it (global cleanup).
/// </summary>
internal sealed class RunTable(RunSettings settings, TableAdmin admin, OwnCalls ownCalls, ILogger log)
{
    private bool _created;

    public TableAdmin Admin => admin;

    /// <summary>The run's requests besides its load's, which the service counts among its transactions.</summary>
    public OwnCalls OwnCalls => ownCalls;

    /// <summary>Entities the table held before the run, for <c>--verify</c>'s expected count.</summary>
    public long Preexisting { get; private set; }

    private bool DeleteAtEnd => _created && !settings.KeepTable && !settings.SharedRun;

    /// <summary>Creates or finds the table; returns an exit code when the run must not go on, having said why.</summary>
    public async Task<int?> PrepareAsync(CancellationToken abandon)
    {
        if (await CreateAsync(abandon).ConfigureAwait(false) is { } unreachable)
        {
            log.LogError("{Sentence}", unreachable);
            return ExitCodes.Unreachable;
        }

        // The instances of a shared run write one table, each its own RowKeys: another instance's entities (its preload's too) are the run's own.
        var ownKeys = settings.SharedRun ? settings.Loads().Select(l => RowKeys.InstanceStem(l.Load.KeyPrefix, settings.Instance)).ToList() : null;
        if (!_created && !settings.AllowExistingTable && await admin.HasEntitiesAsync(abandon, ownKeys).ConfigureAwait(false))
        {
            log.LogError("{Sentence}", settings.SharedRun
                ? $"The table {settings.Table} already holds entities with the keys of instance {settings.Instance}, from an earlier run with the run id {settings.RunId}; give a new --run-id, or pass --allow-existing-table to write into it anyway."
                : $"The table {settings.Table} already holds entities; pass --allow-existing-table to write into it anyway.");
            return ExitCodes.BadInput;
        }

        if (await NothingToFindAsync(abandon).ConfigureAwait(false) is { } nothing)
        {
            log.LogWarning("{Sentence}", nothing);
        }

        Preexisting = !_created && settings.Verify ? await admin.CountAsync(abandon).ConfigureAwait(false) : 0;
        return null;
    }

    /// <summary>
    /// A warning, not a refusal, when a load that needs stored keys and no --preload meets an empty table: a run of 404s may be meant (the
    /// not-found path's latency), and beside other --instance runs a preload may still fill it; null when there is something to find.
    /// </summary>
    private async Task<string?> NothingToFindAsync(CancellationToken abandon)
    {
        var finders = settings.Loads().Where(l => !l.Load.Preload).SelectMany(l => l.Load.OperationsSent).Where(o => o.NeedsStoredKeys()).Distinct().ToList();
        if (finders.Count == 0 || (!_created && await admin.HasEntitiesAsync(abandon).ConfigureAwait(false)))
        {
            return null;
        }

        return $"The table {settings.Table} holds no entities, so this run's {string.Join(" and ", finders.Select(o => o.ToName()))} will find no entity; --preload writes the key space first.";
    }

    public Task<long> CountAsync() => admin.CountAsync(CancellationToken.None);

    /// <summary>Deletes the table this run made; a failure is said in one sentence, leaves the results as they are, and turns success into exit code 3.</summary>
    public async Task<int> DeleteAsync(int exitCode)
    {
        if (!DeleteAtEnd)
        {
            return exitCode;
        }

        try
        {
            await admin.DeleteAsync(CancellationToken.None).ConfigureAwait(false);
            return exitCode;
        }
        catch (Exception ex) when (TableCallFailure.Is(ex))
        {
            log.LogError("{Sentence}", TableCallFailure.Sentence(ex, $"delete the table {settings.Table}"));
            return exitCode == ExitCodes.Success ? ExitCodes.Unreachable : exitCode;
        }
    }

    /// <summary>Null when the table is there; otherwise why the target cannot be used, in one sentence.</summary>
    private async Task<string?> CreateAsync(CancellationToken abandon)
    {
        var endpoint = settings.Target.TableEndpoint.GetLeftPart(UriPartial.Path);
        try
        {
            _created = await admin.CreateAsync(abandon).ConfigureAwait(false);
            return null;
        }
        catch (TableServiceException ex) when (ex.Unanswered)
        {
            return string.Create(CultureInfo.InvariantCulture, $"The Table endpoint {endpoint} did not answer within {admin.CallTimeout.TotalSeconds:0.#} s.");
        }
        catch (HttpRequestException ex)
        {
            var reason = ex.InnerException is SocketException socket ? socket.SocketErrorCode.ToString() : ex.HttpRequestError.ToString();
            return $"Cannot reach the Table endpoint {endpoint} ({reason}); is the service or Azurite running?";
        }
        catch (TableServiceException ex)
        {
            return $"{ex.Message.TrimEnd('.')} at {endpoint}; check the account and its credentials.";
        }
    }
}
