using System.Globalization;
using TableLoad.Storage;

namespace TableLoad.Tune;

/// <summary>The three knobs tune searches; <see cref="Tasks"/> is per process, as <c>--tasks</c> is; <see cref="BatchSize"/> is a transaction's size or single writes.</summary>
internal readonly record struct TuneKnobs(int Processes, int Tasks, Batching BatchSize)
{
    /// <summary>Batches in flight across the fleet: the N of the Universal Scalability Law.</summary>
    public int Concurrency => Processes * Tasks;

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"p{Processes}-t{Tasks}-b{BatchSize.Text}");
}
