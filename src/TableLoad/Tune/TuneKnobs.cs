using System.Globalization;

namespace TableLoad.Tune;

/// <summary>The three knobs tune searches; <see cref="Tasks"/> is per process, as <c>--tasks</c> is.</summary>
internal readonly record struct TuneKnobs(int Processes, int Tasks, int BatchSize)
{
    /// <summary>Batches in flight across the fleet: the N of the Universal Scalability Law.</summary>
    public int Concurrency => Processes * Tasks;

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"p{Processes}-t{Tasks}-b{BatchSize}");
}
