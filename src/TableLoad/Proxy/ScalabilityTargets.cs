namespace TableLoad.Proxy;

/// <summary>
/// Azure Storage's scalability targets as token buckets: entities per second per partition and per account,
/// and, when set, the account's ingress (request bytes) and egress (answer bytes) per second, each holding
/// <see cref="ProxySettings.Burst"/>'s worth. A request takes
/// from its partition first, then from its account's buckets; a request refused by one limit gets back what
/// the limits before it took, as it was not served. Egress is known only once the target has answered, so it
/// is charged after forwarding and refuses the account's later requests while it is in debt.
/// </summary>
internal sealed class ScalabilityTargets(ProxySettings settings, TimeProvider time)
{
    private readonly KeyedTokenBuckets _partitions = new(settings.PartitionLimit, time, settings.Burst);
    private readonly KeyedTokenBuckets _operations = new(settings.AccountLimit, time, settings.Burst);
    private readonly KeyedTokenBuckets? _ingress = settings.AccountIngressLimit is { } ingress ? new(ingress, time, settings.Burst) : null;
    private readonly KeyedTokenBuckets? _egress = settings.AccountEgressLimit is { } egress ? new(egress, time, settings.Burst) : null;

    public int PartitionsTracked => _partitions.Count;

    /// <param name="partition">The partition's bucket name; empty for a query that may span partitions, which only the account's limits judge.</param>
    public Admission TryAdmit(ReadOnlySpan<char> account, ReadOnlySpan<char> partition, int entities, int requestBytes = 0)
    {
        var byPartition = partition.IsEmpty ? BucketAnswer.Taken : _partitions.TryTake(partition, entities);
        if (byPartition.Status != BucketStatus.Taken)
        {
            return new Admission(ThrottledBy.Partition, byPartition.Wait);
        }

        var byOperations = _operations.TryTake(account, entities);
        if (byOperations.Status != BucketStatus.Taken)
        {
            _partitions.Return(partition, entities);
            return new Admission(ThrottledBy.Account, byOperations.Wait);
        }

        var byIngress = _ingress?.TryTake(account, requestBytes) ?? BucketAnswer.Taken;
        if (byIngress.Status != BucketStatus.Taken)
        {
            _partitions.Return(partition, entities);
            _operations.Return(account, entities);
            return new Admission(ThrottledBy.AccountIngress, byIngress.Wait);
        }

        // Taking nothing succeeds unless the bucket is in debt from answers already sent.
        var byEgress = _egress?.TryTake(account, 0) ?? BucketAnswer.Taken;
        if (byEgress.Status != BucketStatus.Taken)
        {
            _partitions.Return(partition, entities);
            _operations.Return(account, entities);
            _ingress?.Return(account, requestBytes);
            return new Admission(ThrottledBy.AccountEgress, byEgress.Wait);
        }

        return Admission.Admitted;
    }

    /// <summary>Takes the entities a query returned from its partition (if it named one) and its account, into debt if need be.</summary>
    public void Debit(ReadOnlySpan<char> account, ReadOnlySpan<char> partition, int entities)
    {
        if (!partition.IsEmpty)
        {
            _partitions.Charge(partition, entities);
        }

        _operations.Charge(account, entities);
    }

    /// <summary>Charges the bytes of an answer sent to the account's egress.</summary>
    public void Egressed(ReadOnlySpan<char> account, long answerBytes) => _egress?.Charge(account, answerBytes);
}

/// <summary>Which limit refused a request, if any.</summary>
internal enum ThrottledBy
{
    None,

    /// <summary>Entities per second of one partition.</summary>
    Partition,

    /// <summary>Entities (operations) per second of the account.</summary>
    Account,

    /// <summary>Request bytes per second of the account.</summary>
    AccountIngress,

    /// <summary>Answer bytes per second of the account.</summary>
    AccountEgress,

    /// <summary>The Cosmos DB request units provisioned per second.</summary>
    RequestUnits,
}

/// <summary>The limits' decision on one request, and when it would be admitted if it was refused.</summary>
internal readonly record struct Admission(ThrottledBy Limit, TimeSpan RetryAfter)
{
    public static Admission Admitted => new(ThrottledBy.None, TimeSpan.Zero);

    public bool IsAdmitted => Limit == ThrottledBy.None;
}
