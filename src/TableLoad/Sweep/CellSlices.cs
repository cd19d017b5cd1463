using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>
/// The slices of a cell (the operations it sent, or its scenarios), each with its figures; compared by value, so a row read back from
/// sweep.csv equals the row written.
/// </summary>
internal sealed class CellSlices<TKey> : IEquatable<CellSlices<TKey>>
    where TKey : notnull
{
    private readonly SortedDictionary<TKey, SliceFigures> _figures;

    private CellSlices(SortedDictionary<TKey, SliceFigures> figures) => _figures = figures;

    /// <summary>No slice: a cell of one load, or a row of a sweep.csv written before the slices were columns.</summary>
    public static CellSlices<TKey> None { get; } = new([]);

    public IEnumerable<TKey> Names => _figures.Keys;

    public SliceFigures? this[TKey name] => _figures.GetValueOrDefault(name);

    public static CellSlices<TKey> Of(IEnumerable<KeyValuePair<TKey, OperationSummary>> slices) =>
        new(new SortedDictionary<TKey, SliceFigures>(slices.ToDictionary(s => s.Key, s => SliceFigures.Of(s.Value))));

    /// <summary>These slices with <paramref name="name"/>'s figures changed by <paramref name="change"/> (from blank when it had none).</summary>
    public CellSlices<TKey> With(TKey name, Func<SliceFigures, SliceFigures> change) =>
        new(new SortedDictionary<TKey, SliceFigures>(_figures) { [name] = change(this[name] ?? SliceFigures.Blank) });

    public bool Equals(CellSlices<TKey>? other) => other is not null && _figures.SequenceEqual(other._figures);

    public override bool Equals(object? obj) => Equals(obj as CellSlices<TKey>);

    public override int GetHashCode() => _figures.Aggregate(0, (hash, pair) => HashCode.Combine(hash, pair.Key, pair.Value));
}

/// <summary>The slices a cell's summary.json keeps apart.</summary>
internal static class CellSlices
{
    /// <summary>Each operation the cell sent, by the names summary.json keys them with.</summary>
    public static CellSlices<TableOperation> OperationsOf(RunSummary summary)
    {
        var known = new List<KeyValuePair<TableOperation, OperationSummary>>();
        foreach (var (name, operation) in summary.Operations)
        {
            if (TableOperationNames.TryParse(name, out var parsed))
            {
                known.Add(new(parsed, operation));
            }
        }

        return CellSlices<TableOperation>.Of(known);
    }

    /// <summary>Each scenario of the cell's run, by its name; none for a run of one load.</summary>
    public static CellSlices<string> ScenariosOf(RunSummary summary) => CellSlices<string>.Of(summary.Scenarios ?? new Dictionary<string, OperationSummary>());
}
