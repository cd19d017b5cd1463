using System.Text.Json.Serialization;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>
/// What a sweep cell sends: one operation (<c>--operation</c>, a knob), the mix every cell is given among the run options (<c>--mix</c>,
/// <c>--workload</c>), or its profile's scenarios, whose own options hold each load. sweep.csv's <c>operation</c> and sweep.json's
/// <c>operations</c> hold its <see cref="Text"/>; whatever depends on it asks <see cref="Match{T}"/>, which names every kind.
/// </summary>
[JsonConverter(typeof(CellWorkloadJsonConverter))]
internal abstract record CellWorkload
{
    private const string MixText = "mix";

    private const string ScenariosText = "scenarios";

    // Only the kinds nested here derive, so Match's list is the whole list.
    private CellWorkload()
    {
    }

    /// <summary>The default operation, insert, which a cell's name leaves out, as every sweep written before --operation was a knob ran.</summary>
    public static CellWorkload Default { get; } = new OneOperation(TableOperationNames.Default);

    public static CellWorkload Mix { get; } = new OfMix();

    public static CellWorkload Scenarios { get; } = new OfScenarios();

    public abstract T Match<T>(Func<OneOperation, T> one, Func<OfMix, T> mix, Func<OfScenarios, T> scenarios);

    /// <summary>The operation's name, <c>mix</c> or <c>scenarios</c>.</summary>
    public string Text => Match(static o => o.Operation.ToName(), static _ => MixText, static _ => ScenariosText);

    /// <summary>Reads sweep.csv's and sweep.json's text back; false for text no kind writes.</summary>
    public static bool TryParse(string text, out CellWorkload workload)
    {
        workload = text switch
        {
            MixText => Mix,
            ScenariosText => Scenarios,
            _ => TableOperationNames.TryParse(text, out var operation) ? new OneOperation(operation) : Default,
        };
        return workload.Text == text;
    }

    public sealed override string ToString() => Text;

    /// <summary>Every request does <paramref name="Operation"/>, which the cell passes as <c>--operation</c>.</summary>
    public sealed record OneOperation(TableOperation Operation) : CellWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<OfMix, T> mix, Func<OfScenarios, T> scenarios) => one(this);
    }

    /// <summary>The mix among the run options names the operations: the cell passes none.</summary>
    public sealed record OfMix : CellWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<OfMix, T> mix, Func<OfScenarios, T> scenarios) => mix(this);
    }

    /// <summary>The profile's scenarios hold each load: the cell passes no load knob.</summary>
    public sealed record OfScenarios : CellWorkload
    {
        public override T Match<T>(Func<OneOperation, T> one, Func<OfMix, T> mix, Func<OfScenarios, T> scenarios) => scenarios(this);
    }
}
