namespace TableLoad.Engine;

/// <summary>The classified answer to one batch, after all of its attempts.</summary>
internal readonly record struct BatchResult(BatchOutcome Outcome, int? HttpStatus, string? ErrorCode, int? FailedIndex, int Attempts)
{
    public bool Succeeded => Outcome == BatchOutcome.Succeeded;
}
