namespace TableLoad.Measurement;

/// <summary>Which limit a throttled answer said it enforced: the service names it in a sub-status or in its message.</summary>
internal enum ThrottleLimit
{
    /// <summary>Cosmos DB's 429 with sub-status 3200: the provisioned request units of the second are spent.</summary>
    RequestUnits,
    AccountOperations,
    AccountIngress,
    AccountEgress,

    /// <summary>Any other 503 ServerBusy, 500 OperationTimedOut or 429: a partition's target, or a limit the service did not name.</summary>
    PartitionOrUnnamed,
}

internal static class ThrottleLimitExtensions
{
    public static IReadOnlyList<ThrottleLimit> All { get; } = Enum.GetValues<ThrottleLimit>();

    /// <summary>The name in batches.csv's <c>throttle_limit</c> and summary.json's <c>throttling.by_limit</c>.</summary>
    public static string ToSnakeCase(this ThrottleLimit limit) => limit switch
    {
        ThrottleLimit.RequestUnits => "request_units",
        ThrottleLimit.AccountOperations => "account_operations",
        ThrottleLimit.AccountIngress => "account_ingress",
        ThrottleLimit.AccountEgress => "account_egress",
        ThrottleLimit.PartitionOrUnnamed => "partition_or_unnamed",
    };
}
