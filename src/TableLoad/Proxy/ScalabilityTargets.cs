namespace TableLoad.Proxy;

/// <summary>
/// The service's scalability targets as token buckets: entities per second per partition and per
/// account. A request takes from its partition first, then from its account; if the account refuses,
/// the partition gets its tokens back, as the request was not served.
/// </summary>
internal sealed class ScalabilityTargets(double partitionLimit, double accountLimit, TimeProvider time)
{
    private readonly KeyedTokenBuckets _partitions = new(partitionLimit, time);
    private readonly KeyedTokenBuckets _accounts = new(accountLimit, time);

    public int PartitionsTracked => _partitions.Count;

    public Admission TryAdmit(ReadOnlySpan<char> account, ReadOnlySpan<char> partition, int entities)
    {
        var byPartition = _partitions.TryTake(partition, entities);
        if (byPartition.Status != BucketStatus.Taken)
        {
            return new Admission(ThrottledBy.Partition, byPartition.Wait);
        }

        var byAccount = _accounts.TryTake(account, entities);
        if (byAccount.Status != BucketStatus.Taken)
        {
            _partitions.Return(partition, entities);
            return new Admission(ThrottledBy.Account, byAccount.Wait);
        }

        return Admission.Admitted;
    }
}

/// <summary>Which scalability target refused a request, if any.</summary>
internal enum ThrottledBy
{
    None,
    Partition,
    Account,
}

/// <summary>The targets' decision on one request, and when it would be admitted if it was refused.</summary>
internal readonly record struct Admission(ThrottledBy Limit, TimeSpan RetryAfter)
{
    public static Admission Admitted => new(ThrottledBy.None, TimeSpan.Zero);

    public bool IsAdmitted => Limit == ThrottledBy.None;
}
