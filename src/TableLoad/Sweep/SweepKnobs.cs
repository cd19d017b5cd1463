using System.Text.Json.Serialization;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>The value lists of a sweep, each in the order the user gave; a null rate is the closed model.</summary>
internal sealed record SweepKnobs(
    IReadOnlyList<BatchClientKind> Clients,
    IReadOnlyList<string> Runtimes,
    IReadOnlyList<int> Processes,
    IReadOnlyList<int> Tasks,
    [property: JsonPropertyName("batch_size")] IReadOnlyList<Batching> BatchSizes,
    [property: JsonPropertyName("entity_size")] IReadOnlyList<EntityShape> EntitySizes,
    IReadOnlyList<string> Partitions,
    [property: JsonPropertyName("rate")] IReadOnlyList<RateTarget?> Rates)
{
    /// <summary>The <c>--operation</c> values; a sweep.json written before it was a knob lacks them, and its cells inserted.</summary>
    public IReadOnlyList<CellWorkload> Operations { get; init; } = [CellWorkload.Default];

    /// <summary>The knob lists of <paramref name="cells"/>: each knob's distinct values, in the cells' order.</summary>
    public static SweepKnobs Of(IReadOnlyList<SweepCell> cells) => new(
        [.. cells.Select(c => c.Client).Distinct()],
        [.. cells.Select(c => c.Runtime).Distinct()],
        [.. cells.Select(c => c.Processes).Distinct()],
        [.. cells.Select(c => c.Tasks).Distinct()],
        [.. cells.Select(c => c.BatchSize).Distinct()],
        [.. cells.Select(c => c.Entity).Distinct()],
        [.. cells.Select(c => c.Partitions).Distinct()],
        [.. cells.Select(c => c.Load.Rate).Distinct()])
    {
        Operations = [.. cells.Select(c => c.Workload).Distinct()],
    };

    /// <summary>
    /// These knobs over a profile's scenarios, whose own options hold each load: only the client, runtime and processes vary, and the
    /// load knobs hold no value (<see cref="CellWorkload.Scenarios"/>).
    /// </summary>
    public SweepKnobs OfScenarios() => this with
    {
        Operations = [CellWorkload.Scenarios], Tasks = [0], BatchSizes = [default], EntitySizes = [EntityShape.Sample], Partitions = [""], Rates = [null],
    };

    public int Count(SweepKnob knob) => knob switch
    {
        SweepKnob.Client => Clients.Count,
        SweepKnob.Runtime => Runtimes.Count,
        SweepKnob.Operation => Operations.Count,
        SweepKnob.Processes => Processes.Count,
        SweepKnob.Tasks => Tasks.Count,
        SweepKnob.BatchSize => BatchSizes.Count,
        SweepKnob.EntitySize => EntitySizes.Count,
        SweepKnob.Partitions => Partitions.Count,
        SweepKnob.Rate => Rates.Count,
    };

    /// <summary>The innermost knob with more than one value: the one whose climb <c>--stop-when-throttled</c> ends.</summary>
    public SweepKnob? InnermostVarying() =>
        Enum.GetValues<SweepKnob>().Reverse().Where(k => Count(k) > 1).Select(k => (SweepKnob?)k).FirstOrDefault();

    [JsonIgnore]
    public int CellsPerPass => Enum.GetValues<SweepKnob>().Aggregate(1, (product, knob) => product * Count(knob));
}
