using TableLoad.Storage;

namespace TableLoad.Tune.Search;

/// <summary>
/// The batch sizes the search tries, largest first: the user's list, or for any size 1..100 a 1-2-5 series
/// (100, 50, 25, 10, 5, 2, 1), each step about half the one before, so a few probes span the range. Single writes are
/// a ladder of one rung: below none there is nothing, so the search tunes tasks and processes alone.
/// </summary>
internal static class BatchSizeLadder
{
    private static readonly Batching[] Default = [100, 50, 25, 10, 5, 2, 1];

    public static IReadOnlyList<Batching> Of(TuneSpace space) =>
        space.BatchSizes is { Count: > 0 } sizes ? [.. sizes.Distinct().OrderByDescending(size => size.Size)] : Default;

    /// <summary>The sizes after <paramref name="batchSize"/> on the ladder, largest first.</summary>
    public static IEnumerable<Batching> Below(TuneSpace space, Batching batchSize) =>
        Of(space).Where(size => size.Form == batchSize.Form && size.Size < batchSize.Size);
}
