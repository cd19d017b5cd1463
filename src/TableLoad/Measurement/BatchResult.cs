namespace TableLoad.Measurement;

/// <summary>The classified answer to one batch, after all of its attempts.</summary>
/// <param name="RetryAfter">How long the service asked the client to wait before trying again.</param>
/// <param name="VerifiedByRead">Reading the batch's entity back found it stored with this batch's nonce, because the answer was lost, abandoned, or a retry conflicted with an earlier attempt.</param>
/// <param name="NotFoundByRead">Reading an abandoned batch's entity back found it not stored by this batch.</param>
internal readonly record struct BatchResult(
    BatchOutcome Outcome,
    int? HttpStatus,
    string? ErrorCode,
    int? FailedIndex,
    int Attempts,
    TimeSpan? RetryAfter = null,
    bool VerifiedByRead = false,
    bool NotFoundByRead = false)
{
    public bool Succeeded => Outcome == BatchOutcome.Succeeded;

    /// <summary>Its entities are in the table: it succeeded, or was abandoned and then read back stored.</summary>
    public bool Stored => Succeeded || VerifiedByRead;

    /// <summary>Entities its answer returned: a read's one, a query's; 0 for a batch.</summary>
    public int EntitiesReturned { get; init; }

    /// <summary>The pages a query's last attempt took; 0 for a batch or a read.</summary>
    public int Pages { get; init; }

    /// <summary>The request units its answers cost, every attempt's added; null when no answer carried a readable charge.</summary>
    public double? RequestUnits { get; init; }

    /// <summary>Answers whose charge header was not a non-negative number.</summary>
    public int UnreadableCharges { get; init; }

    /// <summary>The limit the last answer named, when it was a throttle.</summary>
    public ThrottleLimit? Limit { get; init; }

    /// <summary>Every throttled answer of its attempts, by limit.</summary>
    public ThrottleCounts Throttled { get; init; }

    /// <summary>The last answer's sub-status, when it was a refusal.</summary>
    public int? SubStatus { get; init; }

    /// <summary>The last answer's <c>x-ms-request-id</c>; null when no answer came.</summary>
    public string? RequestId { get; init; }

    /// <summary>The <c>x-ms-client-request-id</c> TableLoad sent with every attempt, by which the service's log names the request.</summary>
    public string? ClientRequestId { get; init; }
}
