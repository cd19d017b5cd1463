namespace TableLoad.Measurement;

/// <summary>What <c>--preload</c> wrote before the run's clock started: not measured, so none of it is in the run's figures.</summary>
/// <param name="Entities">Keys stored: what <c>--verify</c> adds to what the run wrote.</param>
/// <param name="Seconds">How long it took, from its first batch to its last answer.</param>
internal sealed record PreloadSummary(
    [property: Merge(MergeRule.Sum)] long Entities,
    [property: Merge(MergeRule.Sum)] long Batches,
    [property: Merge(MergeRule.Max)] double Seconds)
{
    /// <summary>Batches that were not stored after their retries: their keys are missing, and reads of them are not_found.</summary>
    [Merge(MergeRule.Sum)]
    public long FailedBatches { get; init; }

    /// <summary>Two preloads of one run, one after the other (two scenarios'): their keys and batches, and their time in all.</summary>
    public PreloadSummary Plus(PreloadSummary other) =>
        new(Entities + other.Entities, Batches + other.Batches, Seconds + other.Seconds) { FailedBatches = FailedBatches + other.FailedBatches };
}
