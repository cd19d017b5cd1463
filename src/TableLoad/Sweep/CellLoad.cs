using TableLoad.Settings;

namespace TableLoad.Sweep;

/// <summary>
/// How a sweep cell's load is driven: the closed model (no <c>--rate</c>), or open at a rate in the unit it was given. Built once from
/// the knob's list, where a null rate is the closed model; whatever depends on it asks <see cref="Match{T}"/>, which names both.
/// </summary>
internal abstract record CellLoad
{
    // Only the models nested here derive, so Match's list is the whole list.
    private CellLoad()
    {
    }

    public static CellLoad Closed { get; } = new ClosedModel();

    public abstract T Match<T>(Func<ClosedModel, T> closed, Func<OpenModel, T> open);

    /// <summary>A cell of the knob's value: open at <paramref name="rate"/>, or closed where the list holds none (sweep.json's null).</summary>
    public static CellLoad Of(RateTarget? rate) => rate is { } given ? new OpenModel(given) : Closed;

    /// <summary>The rate as sweep.json's list and the cell's name and command line give it; null for the closed model. A reading for the files.</summary>
    public RateTarget? Rate => Match<RateTarget?>(static _ => null, static o => o.Target);

    /// <summary>Each task sends its next request as soon as the last one answered.</summary>
    public sealed record ClosedModel : CellLoad
    {
        public override T Match<T>(Func<ClosedModel, T> closed, Func<OpenModel, T> open) => closed(this);
    }

    /// <summary>Requests start at intended times, <paramref name="Target"/> in its unit (<c>--rate</c>).</summary>
    public sealed record OpenModel(RateTarget Target) : CellLoad
    {
        public override T Match<T>(Func<ClosedModel, T> closed, Func<OpenModel, T> open) => open(this);
    }
}
