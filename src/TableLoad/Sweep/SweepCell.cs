using System.Globalization;
using TableLoad.Reporting;
using TableLoad.Settings;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>One point of the grid, run once: its knob values and which repeat pass it belongs to (1-based).</summary>
internal sealed record SweepCell(BatchClientKind Client, int Processes, int Tasks, Batching BatchSize, EntityShape Entity, string Partitions, CellLoad Load, int Repeat)
{
    /// <summary>The <c>--runtime</c> the cell's load runs with; the default, tuned, is left out of the cell's name.</summary>
    public string Runtime { get; init; } = DefaultRuntime;

    public const string DefaultRuntime = "tuned";

    /// <summary>What the cell sends: an <c>--operation</c> (the default, insert, is left out of the cell's name), the run options' mix, or scenarios.</summary>
    public CellWorkload Workload { get; init; } = CellWorkload.Default;

    /// <summary>
    /// A cell of a profile's scenarios, whose own options hold each load (operation, tasks, batch size, entity, partitions, rate): no cell
    /// is given one, its name says only its client, runtime and processes.
    /// </summary>
    private bool OfScenariosProfile => Workload.Match(static _ => false, static _ => false, static _ => true);

    /// <summary>Readable and safe as a folder name on every file system, e.g. <c>sdk-p2-t12-b100-e1024-spread8-rate5000-r1</c> (<c>-bnone</c> for single writes).</summary>
    public string Name => RepeatNames.Of(PointName, Repeat);

    /// <summary>The name of the cell's knobs without its repeat, e.g. <c>sdk-p2-t12-b100-e1024-spread8-rate5000</c>.</summary>
    public string PointName
    {
        get
        {
            // In the unit given: -rate5000 (entities per second, named as before the unit existed) or -rate2000rps.
            var rate = Load.Match(static _ => "", static o => "-rate" + o.Target.Text());
            var partitions = Partitions.Replace(":", "", StringComparison.Ordinal);
            // Named as before --runtime was a knob, so a sweep of those days resumes under its own names.
            var runtime = Runtime == DefaultRuntime ? "" : "-" + Runtime;
            var operation = Workload == CellWorkload.Default ? "" : "-" + Workload.Text;
            var client = Client.ToName();
            if (OfScenariosProfile)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{client}{runtime}{operation}-p{Processes}");
            }

            return string.Create(CultureInfo.InvariantCulture, $"{client}{runtime}{operation}-p{Processes}-t{Tasks}-b{BatchSize.Text}-{Entity.NamePart}-{partitions}{rate}");
        }
    }

    /// <summary>
    /// The value this cell gives <paramref name="knob"/> on its command line; null for the closed model's rate, a sample's entity size,
    /// a mix's operation and every load knob of a cell of scenarios (its profile's scenarios hold them).
    /// </summary>
    public string? Value(SweepKnob knob) => knob switch
    {
        SweepKnob.Client => Client.ToName(),
        SweepKnob.Runtime => Runtime,
        SweepKnob.Operation => Workload.Match<string?>(static o => o.Operation.ToName(), static _ => null, static _ => null),
        SweepKnob.Processes => Processes.ToString(CultureInfo.InvariantCulture),
        SweepKnob.Tasks => OfScenariosProfile ? null : Tasks.ToString(CultureInfo.InvariantCulture),
        SweepKnob.BatchSize => OfScenariosProfile ? null : BatchSize.Text,
        SweepKnob.EntitySize => Entity.Bytes?.ToString(CultureInfo.InvariantCulture),
        SweepKnob.Partitions => OfScenariosProfile ? null : Partitions,
        SweepKnob.Rate => Load.Match<string?>(static _ => null, static o => o.Target.Text()),
    };

    /// <summary>The same cell with <paramref name="knob"/> blanked out: cells that share it differ only in that knob.</summary>
    public SweepCell Without(SweepKnob knob) => knob switch
    {
        // Any one client, workload or load model stands for all, as a sample's shape does for every size.
        SweepKnob.Client => this with { Client = default },
        SweepKnob.Runtime => this with { Runtime = "" },
        SweepKnob.Operation => this with { Workload = CellWorkload.Default },
        SweepKnob.Processes => this with { Processes = 0 },
        SweepKnob.Tasks => this with { Tasks = 0 },
        SweepKnob.BatchSize => this with { BatchSize = default },
        // Any one shape stands for all.
        SweepKnob.EntitySize => this with { Entity = EntityShape.Sample },
        SweepKnob.Partitions => this with { Partitions = "" },
        SweepKnob.Rate => this with { Load = CellLoad.Closed },
    };
}
