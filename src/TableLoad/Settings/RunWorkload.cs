using System.Text.Json.Serialization;
using TableLoad.Storage;

namespace TableLoad.Settings;

/// <summary>
/// What a run sent, as its summary records it: one operation, a mix of operations by weight, several scenarios (each saying its own in
/// summary.json's <c>scenarios</c>), or an operation a later TableLoad named, kept as written. summary.json's <c>operation</c> holds its
/// <see cref="Text"/>. Built once from the settings (<see cref="Of"/>) or the file (<see cref="Parse"/>); whatever depends on it asks
/// <see cref="Match{T}"/>, which names every kind, so a fifth fails the build wherever a run's shape is decided.
/// </summary>
[JsonConverter(typeof(RunWorkloadJsonConverter))]
internal abstract record RunWorkload
{
    /// <summary>What summary.json names a run of scenarios' operation: each scenario says its own.</summary>
    public const string ScenariosText = "scenarios";

    // Only the kinds nested here derive, so Match's list is the whole list.
    private RunWorkload()
    {
    }

    /// <summary>A run of the default operation, as every folder written before <c>--operation</c> was.</summary>
    public static RunWorkload Default { get; } = new OneOperation(TableOperationNames.Default);

    /// <summary>The one way to decide by the workload: a function for each kind.</summary>
    public abstract T Match<T>(Func<OneOperation, T> one, Func<Mixed, T> mixed, Func<OfScenarios, T> scenarios, Func<Unknown, T> unknown);

    /// <summary>summary.json's <c>operation</c>: the operation's name, the mix's (<c>read:80,upsert-replace:20</c>) or <c>scenarios</c>.</summary>
    public string Text => Match(static o => o.Operation.ToName(), static m => m.Mix.ToText(), static _ => ScenariosText, static u => u.Name);

    /// <summary>The operations the load's requests draw from; none for scenarios (each sends its own) and for an unknown name.</summary>
    public IReadOnlyList<TableOperation> Operations =>
        Match<IReadOnlyList<TableOperation>>(static o => [o.Operation], static m => m.Mix.Operations, static _ => [], static _ => []);

    /// <summary>Whether one load sent it all, with one model and one size of request: not scenarios, each of which is its own load.</summary>
    public bool IsOneLoad => Match(static _ => true, static _ => true, static _ => false, static _ => true);

    /// <summary>What <paramref name="settings"/> send: the one place a run's shape is read from its options.</summary>
    public static RunWorkload Of(RunSettings settings) =>
        settings.OfScenarios ? new OfScenarios() : settings.Load.Operations.Match<RunWorkload>(static o => new OneOperation(o), static mix => new Mixed(mix));

    /// <summary>Reads summary.json's <c>operation</c>; a name no kind knows is kept as written, as a later TableLoad may write one.</summary>
    public static RunWorkload Parse(string text) =>
        TableOperationNames.TryParse(text, out var operation) ? new OneOperation(operation)
        : text == ScenariosText ? new OfScenarios()
        : OperationMix.TryParse(text, out var mix, out _) ? new Mixed(mix)
        : new Unknown(text);

    public sealed override string ToString() => Text;

    /// <summary>Every request does <paramref name="Operation"/> (<c>--operation</c>).</summary>
    public sealed record OneOperation(TableOperation Operation) : RunWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<Mixed, T> mixed, Func<OfScenarios, T> scenarios, Func<Unknown, T> unknown) => one(this);
    }

    /// <summary>Each request draws its operation from <paramref name="Mix"/> (<c>--mix</c>, <c>--workload</c>).</summary>
    public sealed record Mixed(OperationMix Mix) : RunWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<Mixed, T> mixed, Func<OfScenarios, T> scenarios, Func<Unknown, T> unknown) => mixed(this);
    }

    /// <summary>Several loads at once (a profile's <c>scenarios</c>), each with its own operations.</summary>
    public sealed record OfScenarios : RunWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<Mixed, T> mixed, Func<OfScenarios, T> scenarios, Func<Unknown, T> unknown) => scenarios(this);
    }

    /// <summary>An operation this TableLoad does not know, named by a later one: said as written.</summary>
    public sealed record Unknown(string Name) : RunWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<Mixed, T> mixed, Func<OfScenarios, T> scenarios, Func<Unknown, T> unknown) => unknown(this);
    }
}
