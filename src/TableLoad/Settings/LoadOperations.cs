using System.Text.Json.Serialization;
using TableLoad.Storage;

namespace TableLoad.Settings;

/// <summary>
/// What a load's requests do: one operation (<c>--operation</c>) or a mix each request draws from (<c>--mix</c>, <c>--workload</c>).
/// A single operation is a mix of one (<see cref="Mix"/>): the engine draws every request from a mix. Only the figures tell the two
/// apart, by <see cref="Match{T}"/>: a mix's operations are each a slice of the run's figures, a single operation's are the run's.
/// </summary>
[JsonConverter(typeof(LoadOperationsJsonConverter))]
internal abstract record LoadOperations
{
    // Only the kinds nested here derive, so Match's list is the whole list.
    private LoadOperations()
    {
    }

    /// <summary>The weights every request draws from: a single operation's is a mix of one.</summary>
    public abstract OperationMix Mix { get; }

    /// <summary>Every operation the load sends, in the mix's order.</summary>
    public IReadOnlyList<TableOperation> Sent => Mix.Operations;

    /// <summary>Whether each operation is a slice of the load's figures: a mix's are; a single operation's figures are the load's own.</summary>
    public bool SlicesEach => Match(static _ => false, static _ => true);

    /// <summary>The one way to decide by the kind: a function for each.</summary>
    public abstract T Match<T>(Func<TableOperation, T> one, Func<OperationMix, T> mixed);

    /// <summary>As summary.json's <c>operation</c> and the options name it: <c>read</c>, or <c>read:80,upsert-replace:20</c>.</summary>
    public string Text => Match(static o => o.ToName(), static m => m.ToText());

    /// <summary>The entities a request carries on average over the mix's weights, in requests of <paramref name="batchSize"/>.</summary>
    public double EntitiesPerRequest(int batchSize, QueryShape query) =>
        Mix.Weights.Sum(w => w.Weight * w.Operation.EntitiesAsked(batchSize, query)) / Mix.Weights.Sum(w => w.Weight);

    public static LoadOperations Of(TableOperation operation) => new One(operation);

    public static LoadOperations Of(OperationMix mix) => new Mixed(mix);

    /// <summary>Reads <see cref="Text"/> back: an operation's name, else a mix.</summary>
    public static bool TryParse(string text, out LoadOperations operations)
    {
        if (TableOperationNames.TryParse(text, out var operation))
        {
            operations = Of(operation);
            return true;
        }

        var parsed = OperationMix.TryParse(text, out var mix, out _);
        operations = Of(mix);
        return parsed;
    }

    /// <summary><c>--operation</c>'s value, as run.json records it; null for a mix, which names its operations itself.</summary>
    public string? OperationOption => Match<string?>(static o => o.ToName(), static _ => null);

    /// <summary><c>--mix</c>'s value, as run.json records it; null for a single operation.</summary>
    public string? MixOption => Match<string?>(static _ => null, static m => m.ToText());

    public sealed override string ToString() => Text;

    private sealed record One(TableOperation Operation) : LoadOperations
    {
        public override OperationMix Mix { get; } = new([new OperationWeight(Operation, 1)]);

        public override T Match<T>(Func<TableOperation, T> one, Func<OperationMix, T> mixed) => one(Operation);
    }

    private sealed record Mixed(OperationMix Given) : LoadOperations
    {
        public override OperationMix Mix => Given;

        public override T Match<T>(Func<TableOperation, T> one, Func<OperationMix, T> mixed) => mixed(Given);
    }
}
