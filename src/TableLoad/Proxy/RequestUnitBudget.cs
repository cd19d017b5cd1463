namespace TableLoad.Proxy;

/// <summary>
/// Cosmos DB's provisioned throughput: each account may spend its request units per second within each second,
/// and what it does not spend is not carried over. A write whose charge does not fit is refused with the time
/// until it would; one that costs more than a second's budget is admitted into a full budget, leaving it in debt.
/// </summary>
internal sealed class RequestUnitBudget(double requestUnitsPerSecond, TimeProvider time)
{
    private readonly KeyedTokenBuckets _accounts = new(requestUnitsPerSecond, time);

    public Admission TrySpend(ReadOnlySpan<char> account, double charge)
    {
        var answer = _accounts.TryTake(account, charge);
        return answer.Status == BucketStatus.Taken ? Admission.Admitted : new Admission(ThrottledBy.RequestUnits, answer.Wait);
    }
}
