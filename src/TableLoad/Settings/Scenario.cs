using TableLoad.Storage;
using TableLoad.Workload;

namespace TableLoad.Settings;

/// <summary>
/// One of several loads a run sends at once (a profile's <c>scenarios</c>): its name and the options a scenario holds apart, validated
/// as a run's are. Every other setting is the run's (<see cref="RunSettings.Load"/> puts the two together).
/// </summary>
internal sealed record Scenario(string Name)
{
    public required Batching Batching { get; init; }

    public TableOperation Operation { get; init; }

    public OperationMix? Mix { get; init; }

    public string? Workload { get; init; }

    public int? KeySpace { get; init; }

    public bool Preload { get; init; }

    public KeyDistribution KeyDistribution { get; init; }

    public QueryShape Query { get; init; } = QueryShape.Default;

    public required int EntitySize { get; init; }

    public required int Properties { get; init; }

    public SampleEntity? Entity { get; init; }

    public required PartitionStrategy Partitions { get; init; }

    /// <summary>The run's <c>--key-prefix</c> and the scenario's name, so no scenario writes, reads or deletes another's keys.</summary>
    public required string KeyPrefix { get; init; }

    /// <summary>The scenario's own load model; a plan's stages last the run's measured time.</summary>
    public required LoadModel Model { get; init; }

    public long? Batches { get; init; }

    /// <summary>The part of <paramref name="settings"/> a scenario holds, under <paramref name="name"/>.</summary>
    public static Scenario Of(string name, RunSettings settings) => new(name)
    {
        Batching = settings.Batching,
        Operation = settings.Operation,
        Mix = settings.Mix,
        Workload = settings.Workload,
        KeySpace = settings.KeySpace,
        Preload = settings.Preload,
        KeyDistribution = settings.KeyDistribution,
        Query = settings.Query,
        EntitySize = settings.EntitySize,
        Properties = settings.Properties,
        Entity = settings.Entity,
        Partitions = settings.Partitions,
        KeyPrefix = KeyPrefixOf(settings.KeyPrefix, name),
        Model = settings.Model,
        Batches = settings.Batches,
    };

    /// <summary>A '.' never stands in a scenario's name, so one scenario's keys are never a prefix of another's.</summary>
    public static string KeyPrefixOf(string runPrefix, string name) => runPrefix + "." + name;

    /// <summary>The entities a request of the scenario carries on average, as <see cref="RunSettings.EntitiesPerRequest"/> is the run's.</summary>
    public double EntitiesPerRequest => Operation.EntitiesPerRequest(Mix, Batching.Size, Query);

    /// <summary>Every operation the scenario sends.</summary>
    public IReadOnlyList<TableOperation> OperationsSent => Mix?.Operations ?? [Operation];
}
