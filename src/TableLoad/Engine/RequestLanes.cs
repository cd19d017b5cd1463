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
    private readonly Dictionary<TableOperation, RequestLane> _lanes;
    private readonly RequestLane _first;
    private readonly WeightedChoice<TableOperation>? _choice;
    private readonly Random _random = new();
    private readonly long[] _sequences = new long[Enum.GetValues<KeyUse>().Length];

    public RequestLanes(RunSettings settings, IBatchClient client, TaskKeys keys, long partitionCycle)
    {
        var chooser = ChooserOf(settings);
        _choice = settings.Mix?.ToChoice();
        _lanes = settings.OperationsSent.ToDictionary(o => o, o => new RequestLane(o, client.CreateSender(o),
            new RequestKeys(o, keys, settings.BatchSize, settings.KeySpace ?? 0, partitionCycle, settings.Query.Length, chooser),
            ScenarioSlices.Of(settings.ScenarioName, o, settings.Mix is not null)));
        _first = _lanes[settings.OperationsSent[0]];
    }

    /// <summary>The next request's lane, and its number among the requests of its key use (the sequence its keys and partition follow).</summary>
    public (RequestLane Lane, long Sequence) Next()
    {
        // Kept apart so a run of one operation spends nothing per request on the choice.
        var lane = _choice is null ? _first : _lanes[_choice.Next(_random)];
        var sequence = _sequences[(int)lane.Operation.KeyUse()]++;
        return (lane, sequence);
    }

    /// <summary>How a read, query or read-modify-write draws its key; null when the run sends none of them, whose keys go in order.</summary>
    private static KeyChooser? ChooserOf(RunSettings settings) =>
        settings is { KeySpace: { } space } && settings.OperationsSent.Any(o => o.DrawsKeys())
            // Nothing but the preload writes new keys in a run that reads, so its newest key is the key space's last.
            ? KeyChooser.Create(settings.KeyDistribution, space, new Random(), () => space)
            : null;
}
