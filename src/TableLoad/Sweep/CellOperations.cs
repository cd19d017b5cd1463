using TableLoad.Measurement;
using TableLoad.Storage;

namespace TableLoad.Sweep;

/// <summary>One operation's figures in a sweep.csv row, as the cell's summary.json <c>operations</c> has them.</summary>
internal sealed record CellOperation(long Requests, long Entities, double MeanEntitiesPerSecond, long PeakEntitiesPerSecond, double P50, double P99)
{
    /// <summary>Zeros, for sweep.csv's reader to fill column by column.</summary>
    public static CellOperation Blank { get; } = new(0, 0, 0, 0, 0, 0);

    public static CellOperation Of(OperationSummary operation) => new(
        operation.Requests, operation.Entities, operation.MeanEntitiesPerSecond, operation.PeakEntitiesPerSecond, operation.LatencyMs.Median, operation.LatencyMs.P99);
}

/// <summary>
/// The operations a cell sent, each with its figures; compared by value, so a row read back from sweep.csv equals the row written.
/// </summary>
internal sealed class CellOperations : IEquatable<CellOperations>
{
    private readonly SortedDictionary<TableOperation, CellOperation> _figures;

    private CellOperations(SortedDictionary<TableOperation, CellOperation> figures) => _figures = figures;

    /// <summary>No operation: a row of a sweep.csv written before the per-operation columns.</summary>
    public static CellOperations None { get; } = new([]);

    public IEnumerable<TableOperation> Sent => _figures.Keys;

    public CellOperation? this[TableOperation operation] => _figures.GetValueOrDefault(operation);

    /// <summary>The operations of the cell's summary.json, by the names it keys them with.</summary>
    public static CellOperations Of(RunSummary summary)
    {
        var figures = new SortedDictionary<TableOperation, CellOperation>();
        foreach (var (name, operation) in summary.Operations)
        {
            if (TableOperationNames.TryParse(name, out var parsed))
            {
                figures[parsed] = CellOperation.Of(operation);
            }
        }

        return new CellOperations(figures);
    }

    /// <summary>These operations with <paramref name="operation"/>'s figures changed by <paramref name="change"/> (from blank when it had none).</summary>
    public CellOperations With(TableOperation operation, Func<CellOperation, CellOperation> change) =>
        new(new SortedDictionary<TableOperation, CellOperation>(_figures) { [operation] = change(this[operation] ?? CellOperation.Blank) });

    public bool Equals(CellOperations? other) => other is not null && _figures.SequenceEqual(other._figures);

    public override bool Equals(object? obj) => Equals(obj as CellOperations);

    public override int GetHashCode() => _figures.Aggregate(0, (hash, pair) => HashCode.Combine(hash, pair.Key, pair.Value));
}
