namespace TableLoad.Tune.Search;

/// <summary>
/// The batch sizes the search tries, largest first: the user's list, or for any size 1..100 a 1-2-5 series
/// (100, 50, 25, 10, 5, 2, 1), each step about half the one before, so a few probes span the range.
/// </summary>
internal static class BatchSizeLadder
{
    private static readonly int[] Default = [100, 50, 25, 10, 5, 2, 1];

    public static IReadOnlyList<int> Of(TuneSpace space) =>
        space.BatchSizes is { Count: > 0 } sizes ? [.. sizes.Distinct().OrderDescending()] : Default;

    /// <summary>The sizes after <paramref name="batchSize"/> on the ladder, largest first.</summary>
    public static IEnumerable<int> Below(TuneSpace space, int batchSize) => Of(space).Where(size => size < batchSize);
}
