using TableLoad.Settings;
using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Engine;

/// <summary>One operation a task sends: its sender (which owns the task's reusable request), its keys and the slices it counts in.</summary>
internal sealed record RequestLane(TableOperation Operation, IRequestSender Sender, RequestKeys Keys, string[] Slices);

/// <summary>
/// A task's operations and how it picks the next: the one <c>--operation</c>, or a draw from the <c>--mix</c> by the task's own
/// <see cref="Random"/>. Each kind of key use counts its own requests, so a write's keys and a delete's follow in order whatever
/// was drawn between them, and two writing operations of a mix share one order (a key is new to the task once). Not thread-safe: one per task loop.
/// </summary>
internal sealed class RequestLanes
{
    // By operation, as the sequences are by key use: the draw picks its lane per request without a lookup.
    private readonly RequestLane?[] _lanes = new RequestLane?[Enum.GetValues<TableOperation>().Length];
    private readonly WeightedChoice<TableOperation> _choice;
    private readonly Random _random = new();
    private readonly long[] _sequences = new long[Enum.GetValues<KeyUse>().Length];

    public RequestLanes(RunSettings settings, IBatchClient client, TaskKeys keys, long partitionCycle)
    {
        // A mix's inserts go beyond the key space, and its draws follow them; a run of --operation insert cycles over the key space instead.
        Inserted = settings.Load is { KeySpace: { } space, Operations: var operations } && operations.Match(static _ => false, static mix => mix.Operations.Contains(TableOperation.Insert))
            ? new InsertedKeys(space, settings.Load.BatchSize, partitionCycle)
            : null;
        var chooser = ChooserOf(settings, Inserted, _random);
        _choice = settings.Load.Operations.Mix.ToChoice();
        foreach (var o in settings.Load.OperationsSent)
        {
            _lanes[(int)o] = new RequestLane(o, client.CreateSender(o, settings.Load.Batching.Form),
                new RequestKeys(o, keys, settings.Load.BatchSize, settings.Load.KeySpace ?? 0, partitionCycle, settings.Load.Query, chooser, _random, Inserted),
                ScenarioSlices.Of(settings.ScenarioName, o, settings.Load.Operations.SlicesEach));
        }
    }

    /// <summary>The keys a mix's inserts added, per partition; null when the run's inserts (if any) cycle over the key space.</summary>
    public InsertedKeys? Inserted { get; }

    /// <summary>The next request's lane, and its number among the requests of its key use (the sequence its keys and partition follow).</summary>
    public (RequestLane Lane, long Sequence) Next()
    {
        // Only the operations sent are drawn, and each has its lane.
        var lane = _lanes[(int)_choice.Next(_random)]!;
        var sequence = _sequences[(int)lane.Operation.KeyUse()]++;
        return (lane, sequence);
    }

    /// <summary>How a read, query or read-modify-write draws its key; null when the run sends none of them, whose keys go in order.</summary>
    private static KeyChooser? ChooserOf(RunSettings settings, InsertedKeys? inserted, Random random)
    {
        if (settings.Load.KeySpace is not { } space || !settings.Load.OperationsSent.Any(o => o.DrawsKeys()))
        {
            return null;
        }

        return inserted is null
            // Nothing but the preload writes new keys in a run that reads without inserting, so its newest key is the key space's last.
            ? KeyChooser.Create(settings.Load.KeyDistribution, space, random, () => space)
            : KeyChooser.OverStored(settings.Load.KeyDistribution, space, random, () => inserted.Stored);
    }
}
