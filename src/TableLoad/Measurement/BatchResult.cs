namespace TableLoad.Measurement;

/// <summary>The classified answer to one batch, after all of its attempts.</summary>
/// <param name="RetryAfter">How long the service asked the client to wait before trying again.</param>
/// <param name="VerifiedByRead">The outcome was decided by reading the batch's first entity back, because the answer was lost or a retry conflicted with an earlier attempt.</param>
internal readonly record struct BatchResult(
    BatchOutcome Outcome,
    int? HttpStatus,
    string? ErrorCode,
    int? FailedIndex,
    int Attempts,
    TimeSpan? RetryAfter = null,
    bool VerifiedByRead = false)
{
    public bool Succeeded => Outcome == BatchOutcome.Succeeded;
}
