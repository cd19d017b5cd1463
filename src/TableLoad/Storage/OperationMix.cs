using System.Globalization;
using System.Text.Json.Serialization;
using TableLoad.Workload;

namespace TableLoad.Storage;

/// <summary>One operation of a mix and its weight, a share of the requests in any unit.</summary>
internal sealed record OperationWeight(TableOperation Operation, double Weight);

/// <summary>
/// The operations each request of a task draws from (<c>--mix read:80,upsert-replace:20</c>), by weight: shares of requests, as YCSB's
/// proportions are shares of operations. Every operation of a mix acts on one key space the run preloads (or that the table holds); a mix's
/// inserts add keys beyond it, each task's to its own partitions, which its reads, queries and read-modify-writes then draw from too.
/// </summary>
internal sealed record OperationMix(IReadOnlyList<OperationWeight> Weights)
{
    /// <summary>What a mix may hold: the operations that act on a key space without taking keys away from it.</summary>
    public static string AllowedNames { get; } = string.Join(", ", Enum.GetValues<TableOperation>().Where(Mixes).Select(o => o.ToName()));

    [JsonIgnore]
    public IReadOnlyList<TableOperation> Operations => [.. Weights.Select(w => w.Operation)];

    /// <summary>The mix as <c>--mix</c> takes it and the result files name it: <c>read:80,upsert-replace:20</c>.</summary>
    public string ToText() => string.Join(",", Weights.Select(w => string.Create(CultureInfo.InvariantCulture, $"{w.Operation.ToName()}:{w.Weight:R}")));

    /// <summary>A task's draw; one choice serves every task, each drawing with its own <see cref="Random"/>.</summary>
    public WeightedChoice<TableOperation> ToChoice() => new([.. Weights.Select(w => (w.Operation, w.Weight))]);

    /// <summary>Equal when the same operations have the same weights in the same order, as a mix sent to a worker and read back is.</summary>
    public bool Equals(OperationMix? other) => other is not null && Weights.SequenceEqual(other.Weights);

    public override int GetHashCode() => Weights.Aggregate(0, (hash, weight) => HashCode.Combine(hash, weight));

    /// <summary>Reads <c>--mix</c>; false with the one sentence that refuses it.</summary>
    public static bool TryParse(string? text, out OperationMix mix, out string fault)
    {
        mix = new OperationMix([]);
        if (!WeightedChoiceParser.TryParse<TableOperation>(text, "--mix", TableOperationNames.TryParse, TableOperationNames.AllNames, "read:80,upsert-replace:20", out var choice, out fault))
        {
            return false;
        }

        // The weights as given: a share times the sum gives 30 back as 29.999999999999996, which the run line and run.json would print.
        mix = new OperationMix([.. choice.Items.Select((operation, i) => new OperationWeight(operation, choice.Weight(i)))]);
        foreach (var refused in mix.Operations.Where(o => !Mixes(o)))
        {
            fault = $"--mix '{text}' holds {refused.ToName()}, which would take away keys the others draw from (a read of one would find nothing): a mix holds {AllowedNames}.";
            return false;
        }

        return true;
    }

    /// <summary>
    /// Whether an operation may be drawn beside others: an insert writes new keys past the key space, which the others may then draw;
    /// a delete would take keys away while the others draw them, and YCSB's core workloads have none.
    /// </summary>
    private static bool Mixes(TableOperation operation) => operation.KeyUse() switch
    {
        KeyUse.WritesNew or KeyUse.Overwrites or KeyUse.Reads or KeyUse.Updates => true,
        KeyUse.Deletes => false,
    };
}
