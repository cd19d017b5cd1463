namespace TableLoad.Storage;

/// <summary>A non-batch request the service refused; the message is safe to print.</summary>
internal sealed class TableServiceException(string operation, int status, string? errorCode)
    : Exception($"The service refused to {operation}: HTTP {status}{(errorCode is null ? "" : " " + errorCode)}.")
{
    public int Status { get; } = status;

    public string? ErrorCode { get; } = errorCode;
}
