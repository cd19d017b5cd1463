namespace TableLoad.Workload;

/// <summary>
/// Items with weights, such as a mix's operations (<c>read:80,upsert-replace:20</c>): each draw picks an item with
/// probability weight / sum of weights, as YCSB's proportions are shares of operations. Immutable, so one serves
/// every task; each task draws with its own seeded <see cref="Random"/>, and a draw allocates nothing.
/// Made by <see cref="WeightedChoiceParser"/>, which refuses what could not be drawn from.
/// </summary>
internal sealed class WeightedChoice<T>
    where T : notnull
{
    private readonly T[] _items;
    private readonly double[] _weights;
    private readonly double[] _runningSums;

    /// <param name="weighted">At least one item, no weight negative or not finite, and a finite sum above 0.</param>
    public WeightedChoice(IReadOnlyList<(T Item, double Weight)> weighted)
    {
        _items = [.. weighted.Select(w => w.Item)];
        _weights = [.. weighted.Select(w => w.Weight)];
        if (_items.Length == 0 || _weights.Any(w => !double.IsFinite(w) || w < 0))
        {
            throw new ArgumentException("A weighted choice needs at least one item and weights of 0 or more.", nameof(weighted));
        }

        _runningSums = new double[_weights.Length];
        var sum = 0.0;
        for (var i = 0; i < _weights.Length; i++)
        {
            sum += _weights[i];
            _runningSums[i] = sum;
        }

        Total = sum;
        if (!(Total > 0 && double.IsFinite(Total)))
        {
            throw new ArgumentException("A weighted choice's weights must sum to a finite number above 0.", nameof(weighted));
        }
    }

    /// <summary>The items in the order they were given.</summary>
    public IReadOnlyList<T> Items => _items;

    /// <summary>The sum of the weights.</summary>
    public double Total { get; }

    /// <summary>The i-th item's weight as given.</summary>
    public double Weight(int index) => _weights[index];

    /// <summary>The share of draws the i-th item is due: its weight over the sum.</summary>
    public double Share(int index) => _weights[index] / Total;

    /// <summary>The next item, drawn by the weights from the task's own <paramref name="random"/>.</summary>
    public T Next(Random random)
    {
        // A single operation is a mix of one: its draw costs nothing and leaves the task's Random to its keys.
        if (_items.Length == 1)
        {
            return _items[0];
        }

        var point = random.NextDouble() * Total;
        for (var i = 0; i < _runningSums.Length; i++)
        {
            // Strictly below, so an item of weight 0 (its running sum equal to the one before) is never drawn.
            if (point < _runningSums[i])
            {
                return _items[i];
            }
        }

        // Rounding can carry the product up to the total itself: that point is the last weighted item's.
        return _items[Array.FindLastIndex(_weights, w => w > 0)];
    }
}
