namespace TableLoad.Measurement;

/// <summary>
/// Throttled answers by the limit each named, as a value: a batch's over all of its attempts (a retried throttle counts as
/// the service sent it), and a run's as sweep.csv and tune.csv carry <see cref="ThrottlingSummary"/>.
/// </summary>
internal readonly record struct ThrottleCounts(long RequestUnits, long AccountOperations, long AccountIngress, long AccountEgress, long PartitionOrUnnamed)
{
    public long this[ThrottleLimit limit] => limit switch
    {
        ThrottleLimit.RequestUnits => RequestUnits,
        ThrottleLimit.AccountOperations => AccountOperations,
        ThrottleLimit.AccountIngress => AccountIngress,
        ThrottleLimit.AccountEgress => AccountEgress,
        ThrottleLimit.PartitionOrUnnamed => PartitionOrUnnamed,
    };

    public long Total => RequestUnits + AccountOperations + AccountIngress + AccountEgress + PartitionOrUnnamed;

    /// <summary>One more answer that named <paramref name="limit"/>.</summary>
    public ThrottleCounts Plus(ThrottleLimit limit) => With(limit, this[limit] + 1);

    public ThrottleCounts With(ThrottleLimit limit, long count) => limit switch
    {
        ThrottleLimit.RequestUnits => this with { RequestUnits = count },
        ThrottleLimit.AccountOperations => this with { AccountOperations = count },
        ThrottleLimit.AccountIngress => this with { AccountIngress = count },
        ThrottleLimit.AccountEgress => this with { AccountEgress = count },
        ThrottleLimit.PartitionOrUnnamed => this with { PartitionOrUnnamed = count },
    };

    /// <summary>Null for a summary written before TableLoad classed throttled answers.</summary>
    public static ThrottleCounts? Of(ThrottlingSummary? throttling) => throttling is null
        ? null
        : ThrottleLimitExtensions.All.Aggregate(default(ThrottleCounts), (counts, limit) => counts.With(limit, throttling.ByLimit.GetValueOrDefault(limit.ToSnakeCase())));
}
