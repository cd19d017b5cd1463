namespace TableLoad.Proxy.Log;

/// <summary>The response type (the metrics' <c>ResponseType</c>, the log's <c>statusText</c>) of an answer, from its status and error code.</summary>
internal static class ResponseTypeOfStatus
{
    /// <param name="answered">False when the connection was reset or the answer lost: the client saw no answer.</param>
    public static string Of(int status, string? errorCode, bool answered) => (answered, status) switch
    {
        (false, _) => "NetworkError",
        (_, >= 200 and < 400) => "Success",
        (_, 503) => "ServerBusyError",
        (_, 500) when errorCode == "OperationTimedOut" => "ServerTimeoutError",
        (_, 429) => "ClientThrottlingError",
        (_, 401 or 403) => "AuthorizationError",
        (_, >= 500) => "ServerOtherError",
        _ => "ClientOtherError",
    };
}
