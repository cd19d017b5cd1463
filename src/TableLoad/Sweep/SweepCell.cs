using System.Globalization;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>One point of the grid, run once: its knob values and which repeat pass it belongs to (1-based).</summary>
internal sealed record SweepCell(string Client, int Processes, int Tasks, Batching BatchSize, EntityShape Entity, string Partitions, RateTarget? Rate, int Repeat)
{
    /// <summary>The <c>--runtime</c> the cell's load runs with; the default, tuned, is left out of the cell's name.</summary>
    public string Runtime { get; init; } = DefaultRuntime;

    public const string DefaultRuntime = "tuned";

    /// <summary>The <c>--operation</c> of the cell's batches; the default, insert, is left out of the cell's name.</summary>
    public string Operation { get; init; } = DefaultOperation;

    public static string DefaultOperation => TableOperationNames.DefaultName;

    /// <summary>The operation of every cell of a sweep given <c>--mix</c>: the mix, among the run options every cell is given, names the operations.</summary>
    public const string MixOperation = "mix";

    /// <summary>
    /// The operation of every cell of a sweep over a profile's scenarios, whose own options hold each load (operation, tasks, batch size,
    /// entity, partitions, rate): no cell is given one, its name says only its client, runtime and processes.
    /// </summary>
    public const string ScenariosOperation = "scenarios";

    private bool OfScenariosProfile => Operation == ScenariosOperation;

    /// <summary>Readable and safe as a folder name on every file system, e.g. <c>sdk-p2-t12-b100-e1024-spread8-rate5000-r1</c> (<c>-bnone</c> for single writes).</summary>
    public string Name => RepeatNames.Of(PointName, Repeat);

    /// <summary>The name of the cell's knobs without its repeat, e.g. <c>sdk-p2-t12-b100-e1024-spread8-rate5000</c>.</summary>
    public string PointName
    {
        get
        {
            // In the unit given: -rate5000 (entities per second, named as before the unit existed) or -rate2000rps.
            var rate = Rate is { } r ? "-rate" + r.Text() : "";
            var partitions = Partitions.Replace(":", "", StringComparison.Ordinal);
            // Named as before --runtime was a knob, so a sweep of those days resumes under its own names.
            var runtime = Runtime == DefaultRuntime ? "" : "-" + Runtime;
            var operation = Operation == DefaultOperation ? "" : "-" + Operation;
            if (OfScenariosProfile)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{Client}{runtime}{operation}-p{Processes}");
            }

            return string.Create(CultureInfo.InvariantCulture, $"{Client}{runtime}{operation}-p{Processes}-t{Tasks}-b{BatchSize.Text}-{Entity.NamePart}-{partitions}{rate}");
        }
    }

    /// <summary>
    /// The value this cell gives <paramref name="knob"/> on its command line; null for the closed model's rate, a sample's entity size,
    /// a mix's operation and every load knob of a cell of scenarios (its profile's scenarios hold them).
    /// </summary>
    public string? Value(SweepKnob knob) => knob switch
    {
        SweepKnob.Client => Client,
        SweepKnob.Runtime => Runtime,
        SweepKnob.Operation => Operation is MixOperation or ScenariosOperation ? null : Operation,
        SweepKnob.Processes => Processes.ToString(CultureInfo.InvariantCulture),
        SweepKnob.Tasks => OfScenariosProfile ? null : Tasks.ToString(CultureInfo.InvariantCulture),
        SweepKnob.BatchSize => OfScenariosProfile ? null : BatchSize.Text,
        SweepKnob.EntitySize => Entity.Bytes?.ToString(CultureInfo.InvariantCulture),
        SweepKnob.Partitions => OfScenariosProfile ? null : Partitions,
        SweepKnob.Rate => Rate?.Text(),
    };

    /// <summary>The same cell with <paramref name="knob"/> blanked out: cells that share it differ only in that knob.</summary>
    public SweepCell Without(SweepKnob knob) => knob switch
    {
        SweepKnob.Client => this with { Client = "" },
        SweepKnob.Runtime => this with { Runtime = "" },
        SweepKnob.Operation => this with { Operation = "" },
        SweepKnob.Processes => this with { Processes = 0 },
        SweepKnob.Tasks => this with { Tasks = 0 },
        SweepKnob.BatchSize => this with { BatchSize = default },
        // Any one shape stands for all.
        SweepKnob.EntitySize => this with { Entity = EntityShape.Sample },
        SweepKnob.Partitions => this with { Partitions = "" },
        SweepKnob.Rate => this with { Rate = null },
    };
}
