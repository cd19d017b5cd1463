using Azure;

namespace TableLoad.Storage.Sdk;

/// <summary>Reads a whole-request refusal the SDK threw into the answer TableLoad classifies.</summary>
internal static class SdkAnswers
{
    /// <param name="time">The run's clock, which a Retry-After date is measured against.</param>
    public static BatchResponse Refused(RequestFailedException exception, TimeProvider time)
    {
        var raw = exception.GetRawResponse();
        // The SDK finds the code only in a JSON body; throttling answers may carry it in a header alone.
        var code = exception.ErrorCode ?? Header(raw, "x-ms-error-code");
        var retryAfter = RetryAfterHeader.Parse(Header(raw, RetryAfterHeader.MillisecondsName), Header(raw, RetryAfterHeader.StandardName), time);
        return new BatchResponse(exception.Status, code, null, retryAfter);
    }

    private static string? Header(Response? response, string name) =>
        response is not null && response.Headers.TryGetValue(name, out var value) ? value : null;
}
