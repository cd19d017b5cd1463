namespace TableLoad.Measurement;

/// <summary>
/// The shares and costs every view of a run reports (the printed table, summary.json, each stage, sweep.csv, tune's
/// probes, the live view, the gates and compare), computed here and nowhere else, so that no two views disagree on
/// what "throttled", "failed" or "CPU per entity" mean. RunSharesDeclarationTests fails on a copy elsewhere.
/// </summary>
internal static class RunShares
{
    /// <summary>Batches whose outcome is a throttle (<see cref="OutcomeKind.Throttle"/>), given each outcome's count.</summary>
    public static long ThrottledBatches(Func<BatchOutcome, long> batchesOf) =>
        OutcomeTable.Rows.Where(o => o.Throttle).Sum(o => batchesOf(o.Outcome));

    /// <summary>Throttled batches out of counts keyed by outcome name, as summary.json's <c>outcomes</c> holds them.</summary>
    public static long ThrottledBatches(IReadOnlyDictionary<string, long> outcomes) =>
        ThrottledBatches(o => outcomes.GetValueOrDefault(OutcomeTable.Of(o).Name));

    /// <summary>Throttled batches in percent of all batches; null when there were none.</summary>
    public static double? ThrottledPercent(long throttledBatches, long batches) => Percent(throttledBatches, batches);

    /// <summary>Failed entities in percent of all entities sent (throttled ones among them); null when none were sent.</summary>
    public static double? FailedPercent(long failedEntities, long succeededEntities) =>
        Percent(failedEntities, failedEntities + succeededEntities);

    /// <summary>
    /// Entities that failed for a reason other than throttling (timeouts, errors), in percent of all entities sent:
    /// what tune holds against <c>--max-failed</c>, since it judges throttling by its own bound.
    /// </summary>
    public static double? FailedOtherThanThrottledPercent(long failedEntities, long succeededEntities, long throttledBatches, int batchSize) =>
        Percent(Math.Max(failedEntities - (throttledBatches * batchSize), 0), failedEntities + succeededEntities);

    /// <summary>
    /// Client CPU microseconds per entity stored: the CPU of the whole process over every entity it stored, warm-up
    /// included on both sides (the CPU cannot be split at the warm-up's end); null when nothing was stored.
    /// </summary>
    public static double? CpuMicrosecondsPerEntity(double cpuSeconds, long entitiesStored) =>
        entitiesStored > 0 ? cpuSeconds * 1e6 / entitiesStored : null;

    private static double? Percent(long part, long whole) => whole > 0 ? part * 100.0 / whole : null;
}
