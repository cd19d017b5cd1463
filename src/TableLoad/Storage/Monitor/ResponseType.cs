namespace TableLoad.Storage.Monitor;

/// <summary>Azure Monitor's <c>ResponseType</c> dimension of Table storage's <c>Transactions</c>: what the service counted a request as.</summary>
internal enum ResponseType
{
    Success,
    ServerBusyError,
    ServerTimeoutError,
    ServerOtherError,
    ClientThrottlingError,
    ClientTimeoutError,
    ClientOtherError,
    AuthorizationError,
    NetworkError,
}

internal static class ResponseTypes
{
    public static IReadOnlyList<ResponseType> All { get; } = Enum.GetValues<ResponseType>();

    /// <summary>The name as the metrics answer it and summary.json keys it: the member's own (<c>ServerBusyError</c>).</summary>
    public static string Name(this ResponseType type) => type.ToString();

    /// <summary>What the service counts an answer as, from its status and error code (the rules of the Table storage monitoring reference).</summary>
    public static ResponseType OfAnswer(int status, string? errorCode) => status switch
    {
        < 400 => ResponseType.Success,
        // A read of a key that is not there, and an If-Match that failed, are answers the application asked for.
        404 or 409 or 412 => ResponseType.ClientOtherError,
        401 or 403 => ResponseType.AuthorizationError,
        429 => ResponseType.ClientThrottlingError,
        503 => ResponseType.ServerBusyError,
        500 when errorCode == "OperationTimedOut" => ResponseType.ServerTimeoutError,
        < 500 => ResponseType.ClientOtherError,
        _ => ResponseType.ServerOtherError,
    };
}
