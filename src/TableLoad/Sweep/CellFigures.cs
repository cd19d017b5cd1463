using TableLoad.Measurement;
using TableLoad.Measurement.Gates;
using TableLoad.Settings.Gates;

namespace TableLoad.Sweep;

/// <summary>
/// A cell's figures that declare a sweep.csv column (<see cref="Figure.SweepColumn"/>), read from its summary.json by their
/// declaration; compared by value, so a row read back from sweep.csv equals the row written.
/// </summary>
internal sealed class CellFigures : IEquatable<CellFigures>
{
    private readonly SortedDictionary<RunFigure, double> _values;

    private CellFigures(SortedDictionary<RunFigure, double> values) => _values = values;

    /// <summary>No figure: a row of a sweep.csv written before its figures had columns.</summary>
    public static CellFigures None { get; } = new([]);

    /// <summary>The figure's value; null where the cell measured nothing it could be read from.</summary>
    public double? this[RunFigure figure] => _values.TryGetValue(figure, out var value) ? value : null;

    public static CellFigures Of(RunSummary summary)
    {
        var scope = ScopeFigures.Of(summary);
        var values = new SortedDictionary<RunFigure, double>();
        foreach (var figure in Figures.All.Where(f => f.SweepColumn is not null))
        {
            if (figure.Read(scope) is { } value)
            {
                values[figure.Id] = value;
            }
        }

        return new(values);
    }

    public CellFigures With(RunFigure figure, double value) => new(new SortedDictionary<RunFigure, double>(_values) { [figure] = value });

    public bool Equals(CellFigures? other) => other is not null && _values.SequenceEqual(other._values);

    public override bool Equals(object? obj) => Equals(obj as CellFigures);

    public override int GetHashCode() => _values.Aggregate(0, (hash, pair) => HashCode.Combine(hash, pair.Key, pair.Value));
}
