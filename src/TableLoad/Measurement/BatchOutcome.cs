namespace TableLoad.Measurement;

/// <summary>What became of one batch. The names are the <c>outcome</c> column of batches.csv.</summary>
internal enum BatchOutcome
{
    Succeeded,
    ServerBusy,
    OperationTimedOut,
    TooManyRequests,
    ClientTimeout,
    Rejected,
    NetworkFailure,
}

internal static class BatchOutcomeExtensions
{
    public const int Count = 7;

    private static readonly string[] Names =
    [
        "succeeded", "server_busy", "operation_timed_out", "too_many_requests", "client_timeout", "rejected", "network_failure",
    ];

    public static string ToSnakeCase(this BatchOutcome outcome) => Names[(int)outcome];

    /// <summary>Throttling answers: the service asks the client to slow down.</summary>
    public static bool IsThrottle(this BatchOutcome outcome) =>
        outcome is BatchOutcome.ServerBusy or BatchOutcome.OperationTimedOut or BatchOutcome.TooManyRequests;

    /// <summary>Outcomes worth another attempt when retries are on.</summary>
    public static bool IsTransient(this BatchOutcome outcome) => outcome.IsThrottle() || outcome == BatchOutcome.ClientTimeout;

    public static IEnumerable<BatchOutcome> All() => Enum.GetValues<BatchOutcome>();
}
