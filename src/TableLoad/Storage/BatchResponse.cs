namespace TableLoad.Storage;

/// <summary>
/// The service's answer to one entity group transaction. <see cref="HttpStatus"/> is the status of
/// the failing operation when the batch failed inside its 202 envelope, else the envelope's status.
/// </summary>
internal readonly record struct BatchResponse(int HttpStatus, string? ErrorCode, int? FailedIndex, TimeSpan? RetryAfter = null)
{
    public bool Succeeded => HttpStatus is >= 200 and < 300;
}
