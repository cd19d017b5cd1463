namespace TableLoad.Measurement;

/// <summary>
/// What became of one request (a batch, a read, a query). Each value has one row in <see cref="OutcomeTable"/>, which gives its
/// name in the result files and its class.
/// </summary>
internal enum BatchOutcome
{
    Succeeded,
    ServerBusy,
    OperationTimedOut,
    TooManyRequests,
    ClientTimeout,
    Rejected,
    NetworkFailure,
    Abandoned,

    /// <summary>404 ResourceNotFound: a read found no entity at its keys, a delete's key was not there.</summary>
    NotFound,

    /// <summary>412 UpdateConditionNotSatisfied: a read-modify-write's replace found the entity changed since its read (its If-Match ETag no longer matched).</summary>
    Conflict,
}

internal static class BatchOutcomeExtensions
{
    public static string ToSnakeCase(this BatchOutcome outcome) => OutcomeTable.Of(outcome).Name;

    /// <summary>Throttling answers: the service asks the client to slow down.</summary>
    public static bool IsThrottle(this BatchOutcome outcome) => OutcomeTable.Of(outcome).Throttle;

    /// <summary>Outcomes worth another attempt when retries are on.</summary>
    public static bool IsTransient(this BatchOutcome outcome) => OutcomeTable.Of(outcome).Transient;

    public static IEnumerable<BatchOutcome> All() => OutcomeTable.Rows.Select(r => r.Outcome);
}
