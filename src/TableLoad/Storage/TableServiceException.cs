using System.Globalization;

namespace TableLoad.Storage;

/// <summary>A call on the table (not a batch) the service refused or did not answer; the message is one printable sentence.</summary>
internal sealed class TableServiceException : Exception
{
    private TableServiceException(string message, int? status, string? errorCode, bool unanswered = false)
        : base(message)
    {
        Status = status;
        ErrorCode = errorCode;
        Unanswered = unanswered;
    }

    /// <summary>The HTTP status of the refusal; null when no answer came.</summary>
    public int? Status { get; }

    /// <summary>The service did not answer within the call's timeout.</summary>
    public bool Unanswered { get; }

    public string? ErrorCode { get; }

    public static TableServiceException Refused(string operation, int status, string? errorCode) =>
        new(string.Create(CultureInfo.InvariantCulture, $"The service refused to {operation}: HTTP {status}{(errorCode is null ? "" : " " + errorCode)}."), status, errorCode);

    /// <summary>No token could be had for the request (Microsoft Entra ID); <paramref name="reason"/> is the credential's first line.</summary>
    public static TableServiceException NoToken(string operation, string reason) =>
        new($"Could not {operation}: no Microsoft Entra token ({reason.TrimEnd('.')}).", null, null);

    public static TableServiceException NoAnswer(string operation, TimeSpan waited) =>
        new(string.Create(CultureInfo.InvariantCulture, $"Could not {operation}: no answer in {waited.TotalSeconds:0.#} s."), null, null, unanswered: true);
}
