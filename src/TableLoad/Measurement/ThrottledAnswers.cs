namespace TableLoad.Measurement;

/// <summary>A batch's throttled answers by the limit each named, over all of its attempts: a retried throttle counts as the service sent it.</summary>
internal readonly record struct ThrottledAnswers(int RequestUnits, int AccountOperations, int AccountIngress, int AccountEgress, int PartitionOrUnnamed)
{
    public int this[ThrottleLimit limit] => limit switch
    {
        ThrottleLimit.RequestUnits => RequestUnits,
        ThrottleLimit.AccountOperations => AccountOperations,
        ThrottleLimit.AccountIngress => AccountIngress,
        ThrottleLimit.AccountEgress => AccountEgress,
        ThrottleLimit.PartitionOrUnnamed => PartitionOrUnnamed,
    };

    public ThrottledAnswers With(ThrottleLimit limit) => limit switch
    {
        ThrottleLimit.RequestUnits => this with { RequestUnits = RequestUnits + 1 },
        ThrottleLimit.AccountOperations => this with { AccountOperations = AccountOperations + 1 },
        ThrottleLimit.AccountIngress => this with { AccountIngress = AccountIngress + 1 },
        ThrottleLimit.AccountEgress => this with { AccountEgress = AccountEgress + 1 },
        ThrottleLimit.PartitionOrUnnamed => this with { PartitionOrUnnamed = PartitionOrUnnamed + 1 },
    };
}
